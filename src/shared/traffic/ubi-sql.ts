import { ACTIONS, LIMITS } from './rows';

/**
 * UBI JSON Lines read by DuckDB itself: its reader is parallel and parses in C++, an order of magnitude faster than a
 * line at a time in JavaScript. The JavaScript reader (ubi.ts) stays the one definition of what a line means; the SQL
 * here only *vouches* for the lines whose meaning it can see without doubt — plain text without escapes, ids as
 * strings, times as JSON writes them, no aliases in conflict, context variables whose numbers JavaScript would write
 * the same way (DuckDB writes a nested object back minified, as JSON.stringify does, but keeps `2.0` as it was) —
 * and reads them exactly as the JavaScript reader would.
 * Every other line (a bad one, an unusual one) is handed back to the JavaScript reader with its line number, which
 * keeps or names it. A test holds the two readers to the same rows on lines made to sit on every edge.
 */

/** The characters a blank line may hold (JSON Lines readers skip such lines). */
export const BLANK_CHARACTERS = ' \t\r';

/** The lines of a file as DuckDB reads them: one VARCHAR column `line`, nothing split or unquoted. */
export const linesSql = (file: string): string =>
  `read_csv(${file}, columns = {'line': 'VARCHAR'}, delim = chr(1), quote = '', escape = '', header = false, auto_detect = false, strict_mode = false, new_line = '\\n', max_line_size = ${2 * LIMITS.line})`;

// Unicode's white space as JavaScript trims and folds it, beyond ASCII (a line with one is left to JavaScript).
const WIDE_SPACES = [0xa0, 0x1680, ...Array.from({ length: 11 }, (_, i) => 0x2000 + i), 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff];
const WIDE_SPACE_CLASS = `[${WIDE_SPACES.map((c) => `\\x{${c.toString(16)}}`).join('')}]`;

// Each helper takes a field's JSON text (VARCHAR, NULL when the field is absent or null). The line has no escapes,
// so a string's characters are its JSON text less the quotes; ASCII control characters cannot be in it.
const isString = (x: string) => `starts_with(${x}, '"')`;
const inner = (x: string) => `${x}[2:-2]`;
/** Neither end of a string is a space (other white space was ruled out for the whole line). */
const edgesOk = (x: string) => `(NOT starts_with(${x}, '" ') AND NOT ends_with(${x}, ' "'))`;

/** An id: absent, null, empty (all read as none) or a string with no space at either end, within the limit. */
const idOk = (x: string) => `(${x} IS NULL OR (${isString(x)} AND (${x} = '""' OR (strlen(${x}) <= ${LIMITS.id + 2} AND ${edgesOk(x)}))))`;
const idValue = (x: string) => `CASE WHEN ${isString(x)} AND strlen(${x}) > 2 THEN ${inner(x)} END`;

/** A position or page: a whole number from `first` (1, or 0 for an ordinal) to 10,000 written as one. */
const rankOk = (x: string, first: 0 | 1 = 1) =>
  `(${x} IS NULL OR coalesce(TRY_CAST(${x} AS INTEGER) BETWEEN ${first} AND 10000 AND CAST(TRY_CAST(${x} AS INTEGER) AS VARCHAR) = ${x}, false))`;
const rankValue = (x: string) => `TRY_CAST(${x} AS INTEGER)`;

/** An amount: a JSON number ≥ 0 (it starts with a digit) up to a billion. */
const amountOk = (x: string) => `(${x} IS NULL OR coalesce(ord(${x}[1]) BETWEEN 48 AND 57 AND TRY_CAST(${x} AS DOUBLE) <= 1e9, false))`;
const amountValue = (x: string) => `TRY_CAST(${x} AS DOUBLE)`;

/** A time as JSON writes it (UTC to the millisecond), a day of the calendar, from 1990 to 2199. */
const timeOk = (x: string) =>
  `coalesce(strlen(${x}) = 26 AND ${isString(x)} AND ${x} >= '"1990' AND ${x} < '"2200' AND strftime(TRY_CAST(${inner(x)} AS TIMESTAMP), '%Y-%m-%dT%H:%M:%S.%gZ') = ${inner(x)}, false)`;

/** Where one of two names may be used: the first when it is there at all (even as null), else the second. */
const alias = (first: string, second: string) => ({
  ok: `(a_${second} IS NULL OR NOT contains(query_attributes, '"${first}"'))`,
  value: `coalesce(${idValue(`a_${first}`)}, ${idValue(`a_${second}`)})`,
  fields: [first, second],
});

const shape = (fields: string[]) => `'{${fields.map((f) => `"${f}":"JSON"`).join(',')}}'`;
/** A parsed object's fields as columns of their JSON text, prefixed. */
const texts = (parsed: string, fields: string[], prefix = '') =>
  fields.map((f) => `CAST(${parsed}."${f}" AS VARCHAR) AS ${prefix}${f}`).join(', ');

/** What every vouched line shares: a JSON object on one line without escapes or wide spaces, within the limit. */
const lineOk = `strlen(line) <= ${LIMITS.line} AND starts_with(line, '{') AND NOT contains(line, '\\')
      AND (strlen(line) = length(line) OR NOT regexp_matches(line, '${WIDE_SPACE_CLASS}'))`;

/** What a vouching query gives: the rows it vouches for, or the other lines of its part of the file (as text). */
export type VouchMode = 'rows' | 'others';

/**
 * The lines of one part of a file (`part`: a condition on `line`) parsed once (`parse`: the projections, each
 * JSON parse behind an `unnest`, which keeps DuckDB from parsing again wherever a condition reads it), with
 * `values` as the columns of a vouched row and `conditions` what vouches for it.
 */
function vouchSql(
  lines: string,
  mode: VouchMode,
  part: string,
  parse: string[],
  top: string[],
  values: string,
  conditions: string,
): string {
  const parsed = parse.reduce(
    (from, level) => `SELECT *, ${level} FROM (${from})`,
    `SELECT line, unnest([CASE WHEN ${lineOk} THEN TRY(json_transform(line, ${shape(top)})) END]) AS t
      FROM ${lines}
      WHERE ${part} AND ${mode === 'rows' ? lineOk : `NOT ${blankSql}`}`,
  );
  const flagged = `SELECT ${values}, line, coalesce(${conditions}, false) AS vouched FROM (${parsed})`;
  return mode === 'rows'
    ? `SELECT * EXCLUDE (line, vouched) FROM (${flagged}) WHERE vouched`
    : `SELECT line FROM (${flagged}) WHERE NOT vouched`;
}

/** UBI query lines (without `action_name`) of `lines`: as rows of the searches table (but `source` and `day`), or the others. */
export function ubiSearchesSql(lines: string, mode: VouchMode = 'rows'): string {
  const pairs = [
    alias('session_id', 'sessionId'),
    alias('user_id', 'userId'),
    alias('configurationId', 'configuration_id'),
    alias('abTest', 'ab_test'),
    alias('abVariation', 'ab_variation'),
  ] as const;
  const [session, user, configuration, abTest, abVariation] = pairs;
  const attributes = [...pairs.flatMap((p) => p.fields), 'segment', 'variables', 'filter', 'page'];
  const top = [
    'query_id',
    'client_id',
    'user_query',
    'timestamp',
    'session_id',
    'user_id',
    'query_attributes',
    'query_response_hit_ids',
    'application',
  ];
  const values = `${idValue('query_id')} AS search_id,
  coalesce(${idValue('session_id')}, ${session.value}) AS session_id,
  coalesce(${idValue('user_id')}, ${user.value}) AS user_id,
  ${idValue('client_id')} AS client_id,
  TRY_CAST(${inner('timestamp')} AS TIMESTAMP) AS ts,
  ${inner('user_query')} AS query,
  ${configuration.value} AS configuration_id,
  ${idValue('a_segment')} AS segment,
  CASE WHEN a_variables <> '{}' THEN a_variables END AS variables,
  CASE WHEN query_response_hit_ids IS NULL THEN [] ELSE list_transform(hits, x -> ${inner('x')}) END AS hit_ids,
  CASE WHEN query_response_hit_ids IS NULL THEN NULL ELSE CAST(len(hits) AS INTEGER) END AS hit_count,
  CASE WHEN strlen(a_filter) > 2 THEN ${inner('a_filter')} END AS filter,
  ${rankValue('a_page')} AS page,
  ${abTest.value} AS ab_test,
  ${abVariation.value} AS ab_variation,
  ${idValue('application')} AS application`;
  const conditions = `user_query IS NOT NULL AND ${isString('user_query')} AND strlen(user_query) <= ${LIMITS.query + 2}
  AND ${edgesOk('user_query')} AND NOT contains(user_query, '  ')
  AND ${isString('query_id')} AND strlen(query_id) > 2 AND ${idOk('query_id')}
  AND ${idOk('client_id')} AND ${idOk('session_id')} AND ${idOk('user_id')} AND ${idOk('application')} AND ${timeOk('timestamp')}
  AND (query_attributes IS NULL OR starts_with(query_attributes, '{'))
  AND ${pairs.map((p) => `${p.ok} AND ${idOk(`a_${p.fields[0]}`)} AND ${idOk(`a_${p.fields[1]}`)}`).join('\n  AND ')}
  AND ${idOk('a_segment')} AND ${rankOk('a_page')}
  AND (a_variables IS NULL OR (starts_with(a_variables, '{') AND strlen(a_variables) <= ${LIMITS.variables}
    AND NOT regexp_matches(a_variables, '[0-9][.eE]|-[0-9]|[0-9]{16}')))
  AND (a_filter IS NULL OR (${isString('a_filter')} AND (a_filter = '""' OR (strlen(a_filter) <= ${LIMITS.filter + 2} AND ${edgesOk('a_filter')}))))
  AND (query_response_hit_ids IS NULL OR (starts_with(query_response_hit_ids, '[') AND len(hits) <= ${LIMITS.hits}
    AND len(list_filter(hits, x -> NOT coalesce(${isString('x')} AND strlen(x) BETWEEN 3 AND ${LIMITS.id + 2} AND ${edgesOk('x')}, false))) = 0))`;
  return vouchSql(
    lines,
    mode,
    `NOT contains(line, '"action_name"') AND NOT ${bulkLineSql}`,
    [
      `${texts('t', top)}, unnest([json_transform(t.query_attributes, ${shape(attributes)})]) AS a,
        list_transform(json_transform(t.query_response_hit_ids, '["JSON"]'), x -> CAST(x AS VARCHAR)) AS hits`,
      texts('a', attributes, 'a_'),
    ],
    top,
    values,
    conditions,
  );
}

/** The actions a vouched line may name; any other is read by JavaScript (and kept as named). */
const VOUCHED_ACTIONS = Object.values(ACTIONS)
  .map((a) => `'"${a}"'`)
  .join(', ');

/**
 * UBI event lines (with `action_name`) of `lines`: as rows of the events table (but `source` and `day`), or the others.
 * An ordinal is read as written, from 0 unless the file is said to count from 1 (`first`).
 */
export function ubiEventsSql(lines: string, mode: VouchMode = 'rows', first: 0 | 1 = 0): string {
  const top = ['action_name', 'query_id', 'session_id', 'user_id', 'client_id', 'timestamp', 'event_attributes', 'application'];
  const attributes = ['object', 'position', 'value', 'session_id'];
  const values = `${idValue('query_id')} AS search_id,
  coalesce(${idValue('session_id')}, ${idValue('ea_session_id')}) AS session_id,
  coalesce(${idValue('user_id')}, ${idValue('client_id')}) AS user_id,
  TRY_CAST(${inner('timestamp')} AS TIMESTAMP) AS ts,
  ${inner('action_name')} AS action,
  ${idValue('o_object_id')} AS docid,
  ${rankValue('p_ordinal')} AS position,
  coalesce(${amountValue('ea_value')}, CASE WHEN action_name = '"${ACTIONS.purchase}"' THEN ${amountValue('o_price')} END) AS value,
  ${idValue('application')} AS application`;
  const conditions = `action_name IN (${VOUCHED_ACTIONS})
  AND ${idOk('query_id')} AND ${idOk('session_id')} AND ${idOk('user_id')} AND ${idOk('client_id')} AND ${idOk('application')}
  AND ${timeOk('timestamp')} AND (event_attributes IS NULL OR starts_with(event_attributes, '{')) AND ${idOk('ea_session_id')} AND ${amountOk('ea_value')}
  AND (ea_object IS NULL OR starts_with(ea_object, '{')) AND ${idOk('o_object_id')}
  AND (action_name <> '"${ACTIONS.purchase}"' OR ea_value IS NOT NULL OR ${amountOk('o_price')})
  AND (ea_position IS NULL OR starts_with(ea_position, '{')) AND ${rankOk('p_ordinal', first)}`;
  return vouchSql(
    lines,
    mode,
    `contains(line, '"action_name"')`,
    [
      `${texts('t', top)}, unnest([json_transform(t.event_attributes, ${shape(attributes)})]) AS ea`,
      `${texts('ea', attributes, 'ea_')}, unnest([json_transform(ea.object, ${shape(['object_id', 'price'])})]) AS o,
        unnest([json_transform(ea.position, ${shape(['ordinal'])})]) AS p`,
      `${texts('o', ['object_id', 'price'], 'o_')}, ${texts('p', ['ordinal'], 'p_')}`,
    ],
    top,
    values,
    conditions,
  );
}

/**
 * Whether a line is a bulk action line as OpenSearch's bulk API takes them (`{"index": {"_index": …, "_id": …}}`),
 * its metadata flat: the reader skips and counts these (a line with nested metadata is left to JavaScript, which
 * skips it too).
 */
export const bulkLineSql = `regexp_full_match(line, '\\s*\\{\\s*"(index|create|update|delete)"\\s*:\\s*(\\{[^{}]*\\}|null)\\s*\\}\\s*')`;

/** Whether a line of `lines` is blank, as JSON Lines readers take it. */
export const blankSql = `(line IS NULL OR trim(line, '${BLANK_CHARACTERS}') = '')`;
