import {
  ACTIONS,
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
  variablesField,
} from './rows';

/**
 * UBI 1.3 (User Behavior Insights: the open standard OpenSearch, Elasticsearch and Solr log to). A query request is
 * one search: `user_query` and the ids its page showed (`query_response_hit_ids`). An event is one action, tied to
 * its search by `query_id`, the item in `event_attributes.object.object_id`, its rank in
 * `event_attributes.position.ordinal` (the nth result; logs count from 1 or from 0, which the import settles).
 * An `impression` event says an item was shown: the store reads a search's page from them when its query request
 * lists no hits.
 *
 * What a search was run with (configuration, segment, context variables, page, A/B test) is read from
 * `query_attributes`, where a storefront that logs UBI puts what its search service was sent.
 */

type Json = Record<string, unknown>;

const attributes = (o: Json, name: string): Json => {
  const value = o[name];
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new RowError(name, 'must be an object');
  return value;
};

const BULK_ACTIONS = new Set(['index', 'create', 'update', 'delete']);

/**
 * An OpenSearch or Elasticsearch bulk action line (`{"index": {"_index": "ubi_queries", "_id": …}}`), which the UBI
 * plugin's sample files put before each record: not a record, skipped and counted apart.
 */
export function isBulkAction(o: Json): boolean {
  const keys = Object.keys(o);
  return keys.length === 1 && BULK_ACTIONS.has(keys[0]!) && (o[keys[0]!] === null || isObject(o[keys[0]!]));
}

/** UBI's `application` (which app logged the line), where it is given. */
function withApplication(o: Json): { application?: string } {
  const application = idField(o.application, 'application');
  return application === null ? {} : { application };
}

/** Whether a JSON object is a UBI query request (else it is read as an event). */
export const isUbiQuery = (o: Json): boolean => 'user_query' in o && !('action_name' in o);
export const isUbiEvent = (o: Json): boolean => 'action_name' in o;

export function ubiQuery(o: Json): SearchRow {
  const query = queryField(o.user_query, 'user_query');
  const ts = timeField(o.timestamp, 'timestamp');
  const attrs = attributes(o, 'query_attributes');
  const a = (name: string, ...aliases: string[]) => {
    for (const key of [name, ...aliases]) if (attrs[key] !== undefined) return { value: attrs[key], field: `query_attributes.${key}` };
    return { value: undefined, field: `query_attributes.${name}` };
  };
  const id = (name: string, ...aliases: string[]) => {
    const { value, field } = a(name, ...aliases);
    return idField(value, field);
  };
  const clientId = idField(o.client_id, 'client_id');
  const hits = o.query_response_hit_ids;
  const page = a('page');
  const variables = a('variables');
  return {
    // A query without an id can still be counted; nothing can be tied to it but what names it the same way.
    searchId: idField(o.query_id, 'query_id') ?? `q-${fieldHash([clientId, ts, query])}`,
    sessionId: idField(o.session_id, 'session_id') ?? id('session_id', 'sessionId'),
    userId: idField(o.user_id, 'user_id') ?? id('user_id', 'userId'),
    clientId,
    ts,
    query,
    configurationId: id('configurationId', 'configuration_id'),
    segment: id('segment'),
    variables: variablesField(variables.value, variables.field),
    hitIds: hitIdsField(hits, 'query_response_hit_ids'),
    hitCount: hits === undefined || hits === null ? null : (hits as unknown[]).length,
    filter: filterField(a('filter').value, 'query_attributes.filter'),
    page: positionField(page.value, page.field),
    abTest: id('abTest', 'ab_test'),
    abVariation: id('abVariation', 'ab_variation'),
    ...withApplication(o),
  };
}

/** A UBI event; its ordinal read as written, from 0 unless the file is said to count from 1 (`first`). */
export function ubiEvent(o: Json, first: 0 | 1 = 0): EventRow {
  if (typeof o.action_name !== 'string' || !o.action_name.trim()) throw new RowError('action_name', 'is missing');
  const action = normalAction(o.action_name);
  if (action.length > 64) throw new RowError('action_name', 'is over 64 characters');
  const ts = timeField(o.timestamp, 'timestamp');
  const attrs = attributes(o, 'event_attributes');
  const object = attrs.object === undefined || attrs.object === null ? {} : attrs.object;
  if (!isObject(object)) throw new RowError('event_attributes.object', 'must be an object');
  const position = attrs.position === undefined || attrs.position === null ? {} : attrs.position;
  if (!isObject(position)) throw new RowError('event_attributes.position', 'must be an object');
  const value =
    valueField(attrs.value, 'event_attributes.value') ??
    (action === ACTIONS.purchase ? valueField(object.price, 'event_attributes.object.price') : null);
  return {
    searchId: idField(o.query_id, 'query_id'),
    sessionId: idField(o.session_id, 'session_id') ?? idField(attrs.session_id, 'event_attributes.session_id'),
    userId: idField(o.user_id, 'user_id') ?? idField(o.client_id, 'client_id'),
    ts,
    action,
    docid: idField(object.object_id, 'event_attributes.object.object_id'),
    position: positionField(position.ordinal, 'event_attributes.position.ordinal', first),
    value,
    ...withApplication(o),
  };
}

/** A search as a UBI query request line. */
export function toUbiQuery(s: SearchRow): Json {
  const attrs: Json = {};
  if (s.sessionId) attrs.session_id = s.sessionId;
  if (s.userId) attrs.user_id = s.userId;
  if (s.configurationId) attrs.configurationId = s.configurationId;
  if (s.segment) attrs.segment = s.segment;
  if (s.variables) attrs.variables = JSON.parse(s.variables);
  if (s.filter) attrs.filter = s.filter;
  if (s.page) attrs.page = s.page;
  if (s.abTest) attrs.abTest = s.abTest;
  if (s.abVariation) attrs.abVariation = s.abVariation;
  return {
    application: s.application ?? 'search-workbench',
    query_id: s.searchId,
    client_id: s.clientId,
    user_query: s.query,
    timestamp: s.ts,
    object_id_field: 'id',
    query_attributes: attrs,
    query_response_id: `r-${s.searchId}`,
    query_response_hit_ids: s.hitIds,
  };
}

/** An action as a UBI event line. */
export function toUbiEvent(e: EventRow, query: string | null): Json {
  const attrs: Json = {};
  if (e.docid) attrs.object = { object_id: e.docid, object_id_field: 'id', ...(e.value !== null ? { price: e.value } : {}) };
  if (e.position !== null) attrs.position = { ordinal: e.position };
  if (e.value !== null) attrs.value = e.value;
  return {
    ...(e.application ? { application: e.application } : {}),
    action_name: e.action,
    query_id: e.searchId,
    session_id: e.sessionId,
    client_id: e.userId,
    user_id: e.userId,
    ...(query !== null ? { user_query: query } : {}),
    timestamp: e.ts,
    message_type: 'INFO',
    event_attributes: attrs,
  };
}
