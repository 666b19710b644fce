import {
  type Assertion,
  type Transport,
  type Item,
  PAGE_SIZE,
  type SearchRequest,
  type SearchResponse,
  type DecodeNote,
} from '@shared/request';
import type { RequestDiagnostic } from '@shared/diagnostics';
import type { ExchangeRecord } from '@shared/errors';
import { idleCall, type CallState } from '../../request-ui/lifecycle';
import { parseVariables } from '../../request-ui/parse-variables';
import { canonicalJson } from '@shared/workspace';

/** A request file the screen's request belongs to: its name in requests/ and the request's own name, which a save keeps. */
export interface SavedRef {
  file: string;
  name: string;
}

/** How a screen opens a saved request of its kind: the request, where it came from (in words), its expectations, its file. */
export type OpenSaved<R> = (request: R, options?: { origin?: string; expect?: Assertion[]; saved?: SavedRef }) => void;

/** One request tab of the Search screen: its request, and the life of the last one sent (see request-ui/lifecycle). */
export interface SearchTab extends CallState<SearchResult> {
  id: string;
  title: string;
  /** The request as it will be sent: what the form and the raw view both edit. */
  request: SearchRequest;
  transport: Transport;
  /** Text of the raw JSON view while it is not a request; null when it matches the form. */
  rawText: string | null;
  /** Why the raw text is not a request: not JSON, or a field without the interface's type. */
  rawProblem: string | null;
  /**
   * Context variables as typed (null: never edited here, shown from the request). The request takes them when they are
   * usable; while they are not (not JSON, not an object, a value the service does not take) a send is refused.
   */
  variablesDraft: string | null;
  /** A send was refused for one of the problems above: said at the Send button until it is fixed. */
  sendRefused: boolean;
  /** Items of the last answer sent without a mask: the mask preview applies to these. */
  unmasked: Item[];
  view: 'table' | 'grid';
  panel: 'results' | 'raw' | 'exchange';
  /** What was odd about a pasted URL or cURL this tab came from. */
  notes: DecodeNote[];
  /** Where the tab came from, shown in the header (history, saved file, pasted URL). */
  origin: string | null;
  /** For a pasted storefront URL: how each of its parameters became part of the request. */
  steps: string[];
  /** The profile this tab sends to whatever profile is active (a pasted request for another environment); null: the active one. */
  profileId: string | null;
  /** The request the notes and steps explain: they go once a different request is sent. */
  notesFor: SearchRequest | null;
  /** Expectations on the answer (assertions), checked on every answer and saved with the request. */
  expect: Assertion[];
  /** The saved request this tab was opened from (or last saved to): its expectations are saved back there, under its name. */
  saved: SavedRef | null;
  /** Items to point out (a failing assertion's items, opened from a suite run). */
  highlight: string[];
  /** The customer's storefront URL this tab was pasted from: the storefront URL copied back is written like it. */
  pastedUrl: string | null;
}

export interface SearchResult {
  response: SearchResponse;
  exchange: ExchangeRecord;
  warnings: string[];
  diagnostics: RequestDiagnostic[];
  historyId: string | null;
  /** The request exactly as it was sent, to compare with the draft. */
  sent: SearchRequest;
  profileId: string;
  receivedAt: string;
}

let counter = 0;
export function newTabId(): string {
  counter += 1;
  return `tab-${Date.now().toString(36)}-${counter}`;
}

export function titleOf(request: SearchRequest): string {
  const q = request.query?.trim();
  return q ? (q.length > 24 ? `${q.slice(0, 23)}…` : q) : 'Browse all';
}

export function blankTab(
  init: Partial<
    Pick<
      SearchTab,
      'request' | 'transport' | 'notes' | 'origin' | 'title' | 'profileId' | 'steps' | 'expect' | 'saved' | 'highlight' | 'pastedUrl'
    >
  > & { token?: string } = {},
): SearchTab {
  const request: SearchRequest = init.request ?? { token: init.token ?? '', query: '', options: { offset: 0, limit: PAGE_SIZE } };
  return {
    id: newTabId(),
    title: init.title ?? titleOf(request),
    request,
    transport: init.transport ?? 'post',
    rawText: null,
    rawProblem: null,
    variablesDraft: null,
    sendRefused: false,
    ...idleCall<SearchResult>(),
    unmasked: [],
    view: 'table',
    panel: 'results',
    notes: init.notes ?? [],
    origin: init.origin ?? null,
    profileId: init.profileId ?? null,
    steps: init.steps ?? [],
    notesFor: init.notes?.length || init.steps?.length ? structuredClone(request) : null,
    expect: init.expect ?? [],
    saved: init.saved ?? null,
    highlight: init.highlight ?? [],
    pastedUrl: init.pastedUrl ?? null,
  };
}

/** Two requests are the same request (the same JSON, field order aside: the workspace's stable key order). */
export function sameRequest(a: SearchRequest, b: SearchRequest): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * What Copy and Share give for a tab: the request of the answer on screen, and whether the draft in the
 * builder has been edited since it was sent (then that is said beside the copies, and the draft offered apart).
 */
export function shareableRequest(tab: Pick<SearchTab, 'request' | 'result'>): { request: SearchRequest; edited: boolean } {
  const sent = tab.result?.sent;
  if (!sent) return { request: tab.request, edited: false };
  return { request: sent, edited: !sameRequest(sent, tab.request) };
}

type SearchOptions = NonNullable<SearchRequest['options']>;

/**
 * The request with some options changed. An option the user emptied (a
 * cleared filter or mask, no sort left) is left out rather than sent as `""`
 * or `[]`, so the request, its GET URL and its saved file carry only what
 * was set — as a storefront would send it.
 */
export function withOptionsPatch(request: SearchRequest, patch: Partial<SearchOptions>): SearchRequest {
  const options: Record<string, unknown> = { ...(request.options ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete options[key];
    else options[key] = value;
  }
  const { options: _previous, ...rest } = request;
  return Object.keys(options).length > 0 ? { ...rest, options: options as SearchOptions } : rest;
}

/**
 * Why a tab will not send now, in words for the Send button: raw JSON that is not a request, or context variables
 * typed that are not usable. Null when it can send.
 */
export function sendBlocker(tab: Pick<SearchTab, 'rawProblem' | 'variablesDraft'>): string | null {
  if (tab.rawProblem !== null) return `Not sent: the request's JSON is not a request (${tab.rawProblem}).`;
  const variables = tab.variablesDraft === null ? null : parseVariables(tab.variablesDraft);
  if (variables && !variables.ok) return `Not sent: ${variables.message} (see Context variables).`;
  return null;
}
