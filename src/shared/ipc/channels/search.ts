import { z } from 'zod';
import type { RequestDiagnostic } from '../../diagnostics';
import type { ExchangeRecord } from '../../exchange';
import type { HistoryEntry } from '../../history';
import { channel, event } from '../define';
import { noInput } from './app';

export interface RunOutput {
  response: unknown;
  exchange: ExchangeRecord;
  /** Where the answer differs from the documented shape. */
  warnings: string[];
  /** How the service will read the request (the shared normalize), sent along for the UI. */
  diagnostics: RequestDiagnostic[];
  historyId: string;
  profileId: string;
}

export interface TokenStatusView {
  cached: boolean;
  expiresInMs: number | null;
  lastGrantAt: string | null;
  authMethod: 'client-secret' | 'private-key';
  grants: number;
  tokenUrl: string;
  clientId: string;
}

export interface CatalogAttributeView {
  name: string;
  type: string;
  facetable: boolean;
  sortable: boolean;
  multiValued: boolean;
}

export interface ActiveCatalogView {
  id: string;
  version: string | null;
  itemCount: number | null;
  updatedAt: string | null;
  attributes: CatalogAttributeView[];
  exchange: ExchangeRecord;
  token: TokenStatusView;
}

export interface ConnectionStep {
  step: 'token' | 'catalog';
  ok: boolean;
  ms: number;
  message: string;
  /** A short cause: wrong-client, bad-secret, key-not-registered, clock-skew, rate-limited… */
  cause?: string;
  exchange?: ExchangeRecord;
}

const profileId = z.string().min(1).max(200).optional();
const requestId = z.string().min(1).max(100);

export const searchChannels = {
  'search:run': channel<RunOutput>()({
    input: z
      .object({
        requestId,
        profileId,
        kind: z.enum(['search', 'suggest', 'autocomplete']),
        transport: z.enum(['post', 'get']).default('post'),
        request: z.record(z.string(), z.unknown()),
        /** Leave out of the history (autocomplete keystrokes). */
        record: z.boolean().default(true),
      })
      .strict(),
    doc: "Sends a search, suggest or autocomplete request to a profile (the active one by default). The request is sent as written; errors carry the service's status and message and the exchange record. Cancel with request:cancel and the same requestId.",
  }),
  'request:cancel': channel<{ cancelled: boolean }>()({
    input: z.object({ requestId }).strict(),
    doc: 'Cancels a request in flight by the id it was sent with.',
  }),
  'catalog:active': channel<ActiveCatalogView>()({
    input: z.object({ profileId }).strict().default({}),
    doc: "The active item catalog for the profile's tenant and environment, with its attribute schema and the token status (never the token).",
  }),
  'catalog:test-connection': channel<{ steps: ConnectionStep[] }>()({
    input: z.object({ profileId }).strict().default({}),
    doc: 'Runs a fresh token grant and a catalog call and reports each step, with the precise cause of a failure.',
  }),
  'token:status': channel<TokenStatusView>()({
    input: z.object({ profileId }).strict().default({}),
    doc: 'Whether a token is cached for the profile, when it expires and when it was granted. Never the token.',
  }),
  'history:list': channel<HistoryEntry[]>()({
    input: z
      .object({
        text: z.string().max(500).optional(),
        profileId,
        configurationId: z.string().max(200).optional(),
        status: z.enum(['ok', 'error']).optional(),
        kind: z.enum(['search', 'suggest', 'autocomplete']).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict()
      .default({}),
    doc: 'Sent requests, newest first, filtered by text (query, profile, status), profile, configuration, status or kind.',
  }),
  'history:get': channel<{ entry: HistoryEntry; response: unknown }>()({
    input: z.object({ id: z.string().uuid() }).strict(),
    doc: 'One history entry with its stored response, to re-open it or pin it as a baseline.',
  }),
  'history:clear': channel<{ cleared: true }>()({
    input: noInput,
    doc: 'Empties the history.',
  }),
  'saved:list': channel<{ folder: string; items: { file: string; name: string; kind?: string; savedAt?: string; problem?: string }[] }>()({
    input: noInput,
    doc: 'Saved requests in the saved-requests folder (one JSON file each).',
  }),
  'saved:save': channel<{ file: string }>()({
    input: z
      .object({
        name: z.string().trim().min(1).max(200),
        kind: z.enum(['search', 'suggest', 'autocomplete']),
        transport: z.enum(['post', 'get']).default('post'),
        request: z.record(z.string(), z.unknown()),
        overwrite: z.boolean().default(false),
      })
      .strict(),
    doc: 'Writes a request as a JSON file in the saved-requests folder (atomically).',
  }),
  'saved:read': channel<{ name: string; kind: string; transport: string; request: Record<string, unknown>; savedAt: string }>()({
    input: z.object({ file: z.string().min(1).max(300) }).strict(),
    doc: 'Reads one saved request by its file name (a bare name inside the folder, never a path).',
  }),
  'saved:delete': channel<{ deleted: true }>()({
    input: z.object({ file: z.string().min(1).max(300) }).strict(),
    doc: 'Deletes one saved request file.',
  }),
} as const;

export const searchEvents = {
  'history:added': event<HistoryEntry>('A request was sent and recorded in the history.'),
} as const;
