import {
  ACTIONS,
  describe,
  type EventRow,
  fieldHash,
  filterField,
  hitIdsField,
  idField,
  isObject,
  normalAction,
  positionField,
  queryField,
  RowError,
  type SearchRow,
  timeField,
  valueField,
} from './rows';

/**
 * The service's tracker activities (`@attraqt/activity`: `{ action, target, metadata, user: { identities }, … }`).
 * Nothing in the tracker names a search or ties a click to the search that showed the item, so:
 *
 * - an activity whose action is `search` (or `query`) is a search, its text in `metadata.query` (or `target.query`),
 *   the ids it showed in `metadata.hitIds` (or `metadata.results`), what it ran with in `metadata.configurationId`,
 *   `metadata.segment` (else the user's first segment), `metadata.page`;
 * - any other activity is an action on the item its `target` names (`product`, `item`, `sku` or `id`), at
 *   `metadata.position` when the storefront sent it, worth `metadata.price` × `metadata.quantity` when bought;
 * - an action is tied to the search `metadata.searchId` names, else to the latest search by the same session (else
 *   the same user) in the 30 minutes before it — one that showed the item first — and takes its position from where
 *   that search showed the item when the activity does not say.
 */

const JOIN_WINDOW_MS = 30 * 60 * 1000;
const SEARCH_ACTIONS = new Set(['search', 'query', 'search_query']);
const ITEM_TARGETS = ['product', 'item', 'sku', 'id', 'productId', 'variant'];

type Json = Record<string, unknown>;

interface Identity {
  sessionId: string | null;
  userId: string | null;
}

function identityOf(o: Json): Identity {
  const user = o.user;
  if (user === undefined || user === null) return { sessionId: null, userId: null };
  if (!isObject(user) || !isObject(user.identities)) throw new RowError('user.identities', 'must be an object of identities');
  let sessionId: string | null = null;
  let userId: string | null = null;
  for (const [name, value] of Object.entries(user.identities)) {
    const id = idField(value, `user.identities.${name}`);
    if (!id) continue;
    if (/session/i.test(name)) sessionId ??= id;
    else userId ??= id;
  }
  return { sessionId, userId };
}

function segmentOf(o: Json, metadata: Json): string | null {
  if (metadata.segment !== undefined) return idField(metadata.segment, 'metadata.segment');
  const user = isObject(o.user) ? o.user : {};
  const segments = Array.isArray(user.segments) ? user.segments : Array.isArray(o.segments) ? o.segments : [];
  return segments.length ? idField(segments[0], 'user.segments[0]') : null;
}

export type ActivityRow = { search: SearchRow } | { event: EventRow };

/** One activity as a search or an action (an action's search still to be found: see ActivityJoin). */
export function activityRow(o: Json): ActivityRow {
  if (typeof o.action !== 'string' || !o.action.trim())
    throw new RowError('action', o.action === undefined ? 'is missing' : `must be text, got ${describe(o.action)}`);
  const target = o.target === undefined ? {} : o.target;
  if (!isObject(target)) throw new RowError('target', 'must be an object');
  const metadata = o.metadata === undefined || o.metadata === null ? {} : o.metadata;
  if (!isObject(metadata)) throw new RowError('metadata', 'must be an object');
  const ts = timeField(o.timestamp, 'timestamp');
  const { sessionId, userId } = identityOf(o);
  const action = normalAction(o.action);
  if (action.length > 64) throw new RowError('action', 'is over 64 characters');
  if (SEARCH_ACTIONS.has(action)) {
    const text = metadata.query !== undefined ? { v: metadata.query, f: 'metadata.query' } : { v: target.query, f: 'target.query' };
    const query = queryField(text.v, text.f);
    const hits =
      metadata.hitIds !== undefined ? { v: metadata.hitIds, f: 'metadata.hitIds' } : { v: metadata.results, f: 'metadata.results' };
    const variables = metadata.variables;
    if (variables !== undefined && !isObject(variables)) throw new RowError('metadata.variables', 'must be an object');
    return {
      search: {
        searchId: idField(metadata.searchId, 'metadata.searchId') ?? `a-${fieldHash([sessionId, userId, ts, query])}`,
        sessionId,
        userId,
        clientId: null,
        ts,
        query,
        configurationId: idField(metadata.configurationId, 'metadata.configurationId'),
        segment: segmentOf(o, metadata),
        variables: variables && Object.keys(variables).length ? JSON.stringify(variables).slice(0, 4096) : null,
        hitIds: hitIdsField(hits.v, hits.f),
        hitCount: hits.v === undefined || hits.v === null ? null : (hits.v as unknown[]).length,
        filter: filterField(metadata.filter, 'metadata.filter'),
        page: positionField(metadata.page, 'metadata.page'),
        abTest: idField(metadata.abTest, 'metadata.abTest'),
        abVariation: idField(metadata.abVariation, 'metadata.abVariation'),
      },
    };
  }
  const name = ITEM_TARGETS.find((n) => target[n] !== undefined) ?? Object.keys(target)[0];
  const docid = name === undefined ? null : idField(target[name], `target.${name}`);
  const quantity = metadata.quantity === undefined ? 1 : valueField(metadata.quantity, 'metadata.quantity');
  const price = valueField(metadata.price, 'metadata.price');
  // An action undone (`opposite`: removed from the cart) is kept under its own name and counted as nothing.
  const named = o.opposite === true ? `undo_${action}` : action;
  const row = {
    searchId: idField(metadata.searchId, 'metadata.searchId'),
    sessionId,
    userId,
    ts,
    action: named,
    docid,
    position: positionField(metadata.position, 'metadata.position'),
    value: named === ACTIONS.purchase && price !== null ? Math.round(price * (quantity ?? 1) * 100) / 100 : null,
  };
  return { event: row };
}

/**
 * Ties actions to searches by identity and time. Searches are gathered first (a file need not be in time order);
 * `tie` then finds each action's search. Holds the searches of one file in memory, not its actions.
 */
export class ActivityJoin {
  private readonly bySession = new Map<string, SearchRow[]>();
  private readonly byUser = new Map<string, SearchRow[]>();
  private readonly byId = new Map<string, SearchRow>();
  private sorted = false;

  addSearch(s: SearchRow): void {
    this.byId.set(s.searchId, s);
    if (s.sessionId) push(this.bySession, s.sessionId, s);
    if (s.userId) push(this.byUser, s.userId, s);
    this.sorted = false;
  }

  /** The action tied to its search (when one is found), with the position that search showed the item at. */
  tie(e: EventRow): EventRow {
    if (!this.sorted) {
      for (const list of [...this.bySession.values(), ...this.byUser.values()])
        list.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
      this.sorted = true;
    }
    const named = e.searchId ? this.byId.get(e.searchId) : undefined;
    const search =
      named ??
      (e.searchId
        ? undefined
        : (latest(e.sessionId ? this.bySession.get(e.sessionId) : undefined, e) ??
          latest(e.userId ? this.byUser.get(e.userId) : undefined, e)));
    if (!search) return e;
    const shown = e.docid ? search.hitIds.indexOf(e.docid) : -1;
    // The key stays the one the activity had as it came: the same file imported again gives the same keys.
    return { ...e, searchId: search.searchId, position: e.position ?? (shown >= 0 ? shown + 1 : null) };
  }
}

function push(map: Map<string, SearchRow[]>, key: string, s: SearchRow): void {
  const list = map.get(key);
  if (list) list.push(s);
  else map.set(key, [s]);
}

/** The latest search at or before the action, within the window; among those in the window, the latest that showed the item. */
function latest(list: SearchRow[] | undefined, e: EventRow): SearchRow | undefined {
  if (!list?.length) return undefined;
  const at = Date.parse(e.ts);
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.ts <= e.ts) lo = mid + 1;
    else hi = mid;
  }
  let fallback: SearchRow | undefined;
  for (let i = lo - 1; i >= 0; i--) {
    const s = list[i]!;
    if (at - Date.parse(s.ts) > JOIN_WINDOW_MS) break;
    fallback ??= s;
    if (e.docid && s.hitIds.includes(e.docid)) return s;
  }
  return fallback;
}

/**
 * A search as the storefront's tracker would send it (what the simulator sends, and what `activityRow` reads back):
 * the words, the ids shown and what it ran with in `metadata`, the shopper in `user`.
 */
export function searchActivity(s: SearchRow): Json {
  return {
    action: 'search',
    target: { query: s.query },
    metadata: {
      query: s.query,
      searchId: s.searchId,
      hitIds: s.hitIds,
      ...(s.configurationId ? { configurationId: s.configurationId } : {}),
      ...(s.filter ? { filter: s.filter } : {}),
      ...(s.page ? { page: s.page } : {}),
    },
    user: userOf(s.sessionId, s.userId, s.segment),
    timestamp: s.ts,
  };
}

/** The currency the simulated shoppers pay in: the Local demo profile shows revenue in it. */
export const SIMULATED_CURRENCY = 'EUR';

/** An action as a tracker activity: `add_to_cart` is sent as the tracker's `add-to-cart`. */
export function eventActivity(e: EventRow, segment: string | null): Json {
  return {
    action: e.action.replaceAll('_', '-'),
    target: { product: e.docid ?? '' },
    metadata: {
      ...(e.searchId ? { searchId: e.searchId } : {}),
      ...(e.position !== null ? { position: e.position } : {}),
      ...(e.value !== null ? { price: e.value, quantity: 1, currency: SIMULATED_CURRENCY } : {}),
    },
    user: userOf(e.sessionId, e.userId, segment),
    timestamp: e.ts,
  };
}

function userOf(sessionId: string | null, userId: string | null, segment: string | null): Json {
  return {
    identities: { ...(sessionId ? { sessionid: sessionId } : {}), ...(userId ? { userid: userId } : {}) },
    ...(segment ? { segments: [segment] } : {}),
  };
}
