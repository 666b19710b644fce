import {
  expectSchema,
  type Assertion,
  envelopeSchemaWith,
  requestKindSchema,
  type RequestEnvelope,
  type AutocompleteResponse,
  type RequestKind,
  type SearchResponse,
  type SuggestResponse,
} from '../request';
import { z } from 'zod';
import type { RequestDiagnostic } from '../diagnostics';
import type { ExchangeRecord } from '../errors';
import type { HistoryEntry, HistoryEntryOf } from '../history';
import { operation, event, noInput } from '../operations';
import { workspaceFileSchema } from '../workspace';

interface RunOutputBase {
  exchange: ExchangeRecord;
  /** Where the answer differs from the documented shape. */
  warnings: string[];
  /** How the service will read the request (the shared normalize), sent along for the UI. */
  diagnostics: RequestDiagnostic[];
  historyId: string;
  profileId: string;
}

/** An answer, typed by the kind of request it answers. */
export type RunOutput =
  | (RunOutputBase & { kind: 'search'; response: SearchResponse })
  | (RunOutputBase & { kind: 'suggest'; response: SuggestResponse })
  | (RunOutputBase & { kind: 'autocomplete'; response: AutocompleteResponse });

export type RunOutputOf<K extends RequestKind> = Extract<RunOutput, { kind: K }>;

/** A history entry with its stored answer (null when none was kept), typed by kind. */
export type HistoryView =
  | { kind: 'search'; entry: HistoryEntryOf<'search'>; response: SearchResponse | null }
  | { kind: 'suggest'; entry: HistoryEntryOf<'suggest'>; response: SuggestResponse | null }
  | { kind: 'autocomplete'; entry: HistoryEntryOf<'autocomplete'>; response: AutocompleteResponse | null };

/** A saved request file as read back. */
export type SavedRequestView = RequestEnvelope & { name: string; savedAt: string; expect?: Assertion[] };

export interface SavedListing {
  file: string;
  name: string;
  kind?: RequestKind;
  savedAt?: string;
  /** Set when the file is not a readable saved request. */
  problem?: string;
}

const profileId = z.string().min(1).max(200).optional();
const requestId = z.string().min(1).max(100);

export const searchOperations = {
  'search:run': operation<RunOutput>()({
    input: envelopeSchemaWith({
      requestId,
      profileId,
      /** Leave out of the history (autocomplete keystrokes). */
      record: z.boolean().default(true),
    }),
    doc: "Sends a search, suggest or autocomplete request (typed by its kind's schema) to a profile (the active one by default) and answers with the response typed by kind. The request is sent as written; errors carry the service's status and message and the exchange record. Cancel with request:cancel and the same requestId.",
  }),
  'request:cancel': operation<{ cancelled: boolean }>()({
    example: { requestId: 'fuzz-1' },
    input: z.object({ requestId }).strict(),
    doc: 'Cancels a request in flight by the id it was sent with.',
  }),
  'history:list': operation<HistoryEntry[]>()({
    example: { text: 'jacket', limit: 5 },
    input: z
      .object({
        text: z.string().max(500).optional(),
        profileId,
        configurationId: z.string().max(200).optional(),
        status: z.enum(['ok', 'error']).optional(),
        kind: requestKindSchema.optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict()
      .default({}),
    doc: 'Sent requests, newest first, filtered by text (query, profile, status), profile, configuration, status or kind.',
  }),
  'history:get': operation<HistoryView>()({
    example: { id: '00000000-0000-4000-8000-000000000000' },
    input: z.object({ id: z.string().uuid() }).strict(),
    doc: 'One history entry with its stored response, to re-open it or pin it as a baseline.',
  }),
  'history:clear': operation<{ cleared: true }>()({
    example: {},
    input: noInput,
    doc: 'Empties the history.',
  }),
  'saved:list': operation<{ folder: string; items: SavedListing[] }>()({
    example: {},
    input: noInput,
    doc: 'Saved requests in the workspace’s requests/ folder (one JSON file each).',
  }),
  'saved:save': operation<{ file: string }>()({
    input: envelopeSchemaWith({
      name: z.string().trim().min(1).max(200),
      overwrite: z.boolean().default(false),
      /** The file to write (an app file opened earlier): kept under its own name rather than one made from `name`. */
      file: workspaceFileSchema.optional(),
      /** The request's expectations, saved with it. */
      expect: expectSchema.optional(),
    }),
    doc: 'Writes a request (and its expectations) as a JSON file in the workspace’s requests/ folder (atomically; over an existing file only when it is the app’s own).',
  }),
  'saved:read': operation<SavedRequestView>()({
    input: z.object({ file: workspaceFileSchema }).strict(),
    doc: 'Reads one saved request by its file name (a bare name inside the folder, never a path).',
  }),
  'saved:delete': operation<{ deleted: true }>()({
    input: z.object({ file: workspaceFileSchema }).strict(),
    doc: 'Deletes one saved request file (only one of the app’s own; anything else is left alone).',
  }),
} as const;

export const searchEvents = {
  'history:added': event<HistoryEntry>('A request was sent and recorded in the history.'),
} as const;
