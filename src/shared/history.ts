import type { Transport } from './request/http';
import type { AnyRequest, RequestKind } from './request/types';

/** One sent request in the history, without its response body (fetched on demand). Never holds secrets. */
export interface HistoryEntry {
  id: string;
  at: string;
  profileId: string;
  profileName: string;
  kind: RequestKind;
  transport: Transport;
  request: AnyRequest;
  ok: boolean;
  status: number | null;
  errorCode?: string;
  errorMessage?: string;
  durationMs: number;
  /** Matching items (search), groups (suggest) or suggestions (autocomplete). */
  count?: number;
  configurationId?: string;
  responseId?: string;
  url: string;
  size: number;
}

export interface HistoryQuery {
  text?: string;
  profileId?: string;
  configurationId?: string;
  status?: 'ok' | 'error';
  kind?: RequestKind;
  limit?: number;
}
