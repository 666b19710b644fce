import { z } from 'zod';
import { envelopeSchemaWith, type RequestKind } from '../request';

/**
 * One sent request in the history, without its response body (fetched on
 * demand): the request as a typed envelope (kind, transport, request) with
 * what happened. Never holds secrets. Stored entries are parsed with this.
 */
export const historyEntrySchema = envelopeSchemaWith({
  id: z.string(),
  at: z.string(),
  profileId: z.string(),
  profileName: z.string(),
  ok: z.boolean(),
  status: z.number().nullable(),
  errorCode: z.string().optional(),
  errorMessage: z.string().optional(),
  durationMs: z.number(),
  /** Matching items (search), groups (suggest) or suggestions (autocomplete). */
  count: z.number().optional(),
  configurationId: z.string().optional(),
  responseId: z.string().optional(),
  url: z.string(),
  size: z.number(),
});

export type HistoryEntry = z.output<typeof historyEntrySchema>;
export type HistoryEntryOf<K extends RequestKind> = Extract<HistoryEntry, { kind: K }>;

export interface HistoryQuery {
  text?: string;
  profileId?: string;
  configurationId?: string;
  status?: 'ok' | 'error';
  kind?: RequestKind;
  limit?: number;
}
