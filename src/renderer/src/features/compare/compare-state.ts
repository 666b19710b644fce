import {
  type BatchQuality,
  buildSide,
  type BatchProgress,
  type BatchRow,
  type QueryRow,
  type SideSpec,
  type CompareKind,
} from '@shared/compare';
import type { ExchangeRecord } from '@shared/errors';
import type { BatchListItem, BatchView } from '@shared/compare';
import type {
  AutocompleteRequest,
  AutocompleteResponse,
  SearchRequest,
  SearchResponse,
  SearchTemplate,
  SuggestRequest,
  SuggestResponse,
} from '@shared/request';
import { idleCall, type CallState } from '../../request-ui/lifecycle';
import type { SideDraft, SideKey } from '../../request-ui/side-draft';

export type { SideDraft, SideKey } from '../../request-ui/side-draft';
import { parseVariables } from '../../request-ui/parse-variables';
import type { ShellSlice } from '../../shell/shell-slice';
import type { HistorySlice } from '../history/state';
import type { ProfilesSlice } from '../profiles/state';
import type { JudgingSlice } from '../judgments/state';

/*
 * Compare's state — two sides, their answers for each kind, and the batches — with the pure helpers both the
 * side-by-side actions (compare-slice.ts) and the batch actions (batch-actions.ts) read.
 */

/** What a side answered: the response, and the exchange when it was sent now (a pinned or stored answer has none). */
export interface SideResponse {
  response: SearchResponse;
  exchange: ExchangeRecord | null;
}

export interface SideAnswer extends CallState<SideResponse> {
  request: SearchRequest | null;
  /** The profile the request was sent to (the one active then, for a side on "the active profile"). */
  sentTo?: string | null;
  /** Where a stored answer came from: a pinned history entry, a batch. */
  source: string | null;
}

export interface BatchDraft {
  name: string;
  text: string;
  fileName: string;
  concurrency: number;
  /** Fixed concurrency, or paced automatically from the service's refusals. */
  pace: 'fixed' | 'auto';
}

export type BatchOp = 'list' | 'start' | 'open' | 'control' | 'delete' | 'export' | 'result';

/** What a side answered to a product suggest or an autocomplete request. */
export interface KindSideAnswer extends CallState<
  | { kind: 'suggest'; response: SuggestResponse; exchange: ExchangeRecord | null }
  | {
      kind: 'autocomplete';
      response: AutocompleteResponse;
      exchange: ExchangeRecord | null;
    }
> {
  request: SuggestRequest | AutocompleteRequest | null;
  /** Where a stored answer came from (a batch). */
  source: string | null;
}

/** The suggest request's grouping as the user edits it: values comma-separated. */
export interface GroupByDraft {
  attribute: string;
  values: string;
  size: number;
}

export interface CompareState {
  mode: 'single' | 'batch' | 'matrix';
  /** What both sides are asked: search, product suggest or autocomplete (side by side and in a batch). */
  kind: CompareKind;
  query: string;
  groupBy: GroupByDraft;
  /** Autocomplete: suggestions asked per prefix. */
  numberOfSuggestions: number;
  /** Each side's answer to a suggest or autocomplete request (search answers are in `answers`). */
  kindAnswers: Record<SideKey, KindSideAnswer>;
  limit: number;
  sides: Record<SideKey, SideDraft>;
  answers: Record<SideKey, SideAnswer>;
  /** Side A is a pinned baseline from history: it is not sent again. */
  pinnedA: boolean;
  panel: 'results' | 'facets' | 'products' | 'raw' | 'explain';
  batches: BatchListItem[];
  batch: BatchView | null;
  /**
   * Each kind of batch operation's last call (list, start, open, control…),
   * apart, so listing the batches never drops the answer of an open in
   * flight; errors also go out as notices.
   */
  batchCalls: Partial<Record<BatchOp, CallState<string>>>;
  /** The open batch's quality per side and significance, when it is measured against a judgment list. */
  batchQuality: CallState<BatchQuality | null>;
  /** The revision of the batch's judgment list (ratingsRevision) its quality was last measured at. */
  batchQualityRevision: number;
  /** What was changed to run a batch (an experiment run asking for more items), said with that batch, by its id. */
  batchNotes: Record<string, string>;
  draft: BatchDraft;
}

export interface CompareSlice {
  compare: CompareState;
  patchCompare: (
    patch: Partial<Pick<CompareState, 'mode' | 'kind' | 'query' | 'limit' | 'panel' | 'groupBy' | 'numberOfSuggestions'>>,
  ) => void;
  setSide: (key: SideKey, patch: Partial<SideDraft>) => void;
  swapSides: () => void;
  runComparison: () => Promise<void>;
  pinFromHistory: (id: string) => Promise<void>;
  unpin: () => void;
  setBatchDraft: (patch: Partial<BatchDraft>) => void;
  loadBatches: () => Promise<void>;
  startBatch: (rows: QueryRow[]) => Promise<string | null>;
  openBatch: (id: string) => Promise<void>;
  closeBatch: () => void;
  /** Keeps a note for a batch, shown whenever that batch is open. */
  noteBatch: (id: string, note: string) => void;
  /** Measures the open batch against its judgment list as the list is now (main computes it from the stored rankings). */
  loadBatchQuality: () => Promise<void>;
  controlBatch: (action: 'pause' | 'resume' | 'cancel' | 'rerun-failed') => Promise<void>;
  deleteBatch: (id: string) => Promise<void>;
  applyBatchProgress: (update: { id: string; progress: BatchProgress; results: BatchRow[] }) => void;
  openBatchResult: (index: number) => Promise<void>;
  /** The sides as the next comparison sends them: the shared request, each side's spec (profile pinned), the query. */
  comparedSides: () => { base: SearchTemplate; a: SideSpec; b: SideSpec; query: string };
  /** Side answers that answer the sides as they are now (sent, not pinned, same request and profile): for reuse. */
  currentAnswers: () => Partial<Record<SideKey, SearchResponse>>;
  /** The open batch as a report file's name, content and type; null (and a notice) when it could not be made. */
  exportBatch: (format: 'html' | 'csv' | 'json') => Promise<{ fileName: string; content: string; mime: string } | null>;
}

export const idleAnswer: SideAnswer = { ...idleCall<SideResponse>(), request: null, source: null };
export const idleKindAnswer: KindSideAnswer = { ...idleCall(), request: null, source: null };

/** The values of a grouping as typed: comma-separated, trimmed, none empty. */
export const groupValues = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The shared request of a kind: for suggest its grouping, for autocomplete
 * the suggestions asked, for search the page; the side's overrides and the
 * query come on top.
 */
export function kindBase(state: Pick<CompareState, 'kind' | 'limit' | 'groupBy' | 'numberOfSuggestions'>): SearchTemplate {
  if (state.kind === 'suggest') {
    const { attribute, values, size } = state.groupBy;
    return { options: { groupBy: { attribute: attribute.trim(), values: groupValues(values), size } } as SearchTemplate['options'] };
  }
  if (state.kind === 'autocomplete') return { options: { numberOfSuggestions: state.numberOfSuggestions } as SearchTemplate['options'] };
  return { options: { offset: 0, limit: state.limit } };
}

/** What keeps a suggest comparison from being sent, with the field it is about; null when nothing does. */
export function kindProblem(state: Pick<CompareState, 'kind' | 'groupBy'>): { field: string; message: string } | null {
  if (state.kind !== 'suggest') return null;
  if (!state.groupBy.attribute.trim()) return { field: 'group-attribute', message: 'Give the attribute to group by, like category.' };
  if (groupValues(state.groupBy.values).length === 0)
    return { field: 'group-values', message: `Give the values of ${state.groupBy.attribute.trim()} to group by, comma-separated.` };
  return null;
}

/**
 * Why Compare will not send now, in words for the send button: a side's context variables that are not a JSON
 * object, or a suggest comparison without its grouping. Null when it can send.
 */
export function sendBlocker(state: Pick<CompareState, 'kind' | 'groupBy' | 'sides'>): string | null {
  for (const key of ['a', 'b'] as const) {
    const variables = parseVariables(state.sides[key].variables);
    if (!variables.ok)
      return `Not sent: side ${key.toUpperCase()}'s context variables are not a JSON object (see side ${key.toUpperCase()}).`;
  }
  const kind = kindProblem(state);
  return kind ? `Not sent: ${kind.message}` : null;
}

export function blankSide(label: string, configurationId = ''): SideDraft {
  return { label, profileId: null, token: '', configurationId, filter: '', variables: '' };
}

/** The side as the service will see it: token, configuration, filter and variables over the shared request. */
export function sideSpec(draft: SideDraft, defaultToken: string): SideSpec {
  const variables = parseVariables(draft.variables);
  return buildSide({
    label: draft.label,
    profileId: draft.profileId,
    token: draft.token.trim() || defaultToken,
    configurationId: draft.configurationId,
    filter: draft.filter,
    ...(variables.ok && variables.value ? { variables: variables.value } : {}),
  });
}

export type CompareDeps = Pick<ShellSlice, 'pushNotice'> &
  Pick<ProfilesSlice, 'profiles'> &
  Pick<HistorySlice, 'loadHistory' | 'readHistoryEntry'> &
  Pick<JudgingSlice, 'ratingsRevision'>;
