import { isReservedVariable, validateVariables, type ContextValue } from '../request';

/**
 * The context matrix's grid: one query (or up to MAX_MATRIX_QUERIES) × every combination of the axes' values ×
 * each configuration. An axis is one custom context variable with its values; `null` ("none") means the variable
 * is absent from that cell's request. On Local demo the emulator's clock can be one more axis (hours 0–23).
 */

/** One axis value: a context value, or null for "the variable is absent". */
export type AxisValue = ContextValue | null;

export interface MatrixAxis {
  /** The custom variable's name (never a `$SEARCH_…` system variable). */
  name: string;
  values: AxisValue[];
}

export interface MatrixSpec {
  queries: string[];
  axes: MatrixAxis[];
  /** At least one; the empty string stands for the service's default configuration. */
  configurations: string[];
  /** Hours of the emulator's clock (Local demo only), or none: the service's own clock. */
  hours?: number[];
}

export interface MatrixCell {
  /** Stable and readable: `default · segment=premium · weather=none`. */
  key: string;
  configurationId: string;
  /** The variables the cell sends (absent ones left out). */
  variables: Record<string, ContextValue>;
  /** Every axis's value, none included, by axis name: what the grid shows. */
  values: Record<string, AxisValue>;
  hour?: number;
}

export interface MatrixProblem {
  /** Where, as `axes[1].values[2]`, `queries`, `configurations[0]` or `hours`. */
  field: string;
  message: string;
}

export const MAX_MATRIX_QUERIES = 50;
/** Requests one matrix may send: cells × queries. */
export const MAX_MATRIX_REQUESTS = 5_000;
/** The word a value list uses for "absent". */
export const NONE = 'none';

/** How a value is written on the grid and in a cell's key: text as is, others as JSON, absent as `none`. */
export function valueLabel(value: AxisValue): string {
  if (value === null) return NONE;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * An axis value typed from text, as `--axis segment=none,premium,3` gives it: `none` is absent, `true`/`false`
 * booleans, a number a number, a JSON string (`"3"`) that text, anything else the text itself.
 */
export function typeAxisValue(text: string): AxisValue {
  const t = text.trim();
  if (t === NONE) return null;
  if (t === 'true' || t === 'false') return t === 'true';
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(t)) return Number(t);
  if (t.startsWith('"') && t.endsWith('"') && t.length >= 2) {
    try {
      const parsed: unknown = JSON.parse(t);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // Not a JSON string after all: the text as written.
    }
  }
  return t;
}

/**
 * `segment=none,premium,outlet` → an axis, or the problem. Values are separated by commas; a value that holds a
 * comma is written as a JSON string (`"a,b"`).
 */
export function parseAxisArg(text: string): MatrixAxis | { error: string } {
  const eq = text.indexOf('=');
  if (eq <= 0) return { error: `--axis is NAME=v1,v2,… (e.g. --axis segment=none,premium,outlet), got ${JSON.stringify(text)}` };
  const name = text.slice(0, eq).trim();
  const values: AxisValue[] = [];
  const rest = text.slice(eq + 1);
  let i = 0;
  while (i <= rest.length) {
    // Spaces around a value are not part of it (`none, premium`).
    while (rest[i] === ' ') i++;
    if (rest[i] === '"') {
      // A quoted value runs to its closing quote (JSON escapes inside).
      let j = i + 1;
      while (j < rest.length && rest[j] !== '"') j += rest[j] === '\\' ? 2 : 1;
      values.push(typeAxisValue(rest.slice(i, j + 1)));
      i = j + 1;
      while (rest[i] === ' ') i++;
      if (i < rest.length && rest[i] !== ',') return { error: `--axis ${name}: a quoted value must be followed by a comma or the end` };
      i++;
      continue;
    }
    const comma = rest.indexOf(',', i);
    const end = comma < 0 ? rest.length : comma;
    values.push(typeAxisValue(rest.slice(i, end)));
    i = end + 1;
  }
  return { name, values };
}

const cellKey = (configurationId: string, axes: MatrixAxis[], values: AxisValue[], hour: number | undefined) =>
  [
    configurationId || '(default)',
    ...axes.map((axis, i) => `${axis.name}=${valueLabel(values[i] ?? null)}`),
    ...(hour !== undefined ? [`hour=${hour}`] : []),
  ].join(' · ');

/** Every problem of a spec, each with its field and the fix; an empty list when the grid can be built. */
export function checkMatrix(spec: MatrixSpec): MatrixProblem[] {
  const out: MatrixProblem[] = [];
  const queries = spec.queries.map((q) => q.trim());
  if (queries.length === 0 || queries.every((q) => q === ''))
    out.push({ field: 'queries', message: 'Give a query (or a query set of up to 50) to run across the grid.' });
  else if (queries.length > MAX_MATRIX_QUERIES)
    out.push({
      field: 'queries',
      message: `The matrix runs at most ${MAX_MATRIX_QUERIES} queries, not ${queries.length}: use a smaller query set, or Batch for a long list.`,
    });
  if (spec.configurations.length === 0)
    out.push({ field: 'configurations', message: 'Give at least one configuration (the empty one is the service’s default).' });
  const seenConfigurations = new Set<string>();
  spec.configurations.forEach((c, i) => {
    if (seenConfigurations.has(c)) out.push({ field: `configurations[${i}]`, message: `${c || '(default)'} is listed twice.` });
    seenConfigurations.add(c);
  });
  const names = new Set<string>();
  spec.axes.forEach((axis, i) => {
    const field = `axes[${i}]`;
    if (axis.name.trim() === '') out.push({ field: `${field}.name`, message: 'An axis needs the name of a context variable.' });
    else if (isReservedVariable(axis.name) || axis.name.startsWith('$SEARCH_'))
      out.push({
        field: `${field}.name`,
        message: `${axis.name} is a system variable: the service sets it, so it cannot be an axis.${axis.name === '$SEARCH_HOUR' ? ' On Local demo, use the emulator’s clock (hour) instead.' : ''}`,
      });
    else if (names.has(axis.name))
      out.push({ field: `${field}.name`, message: `${axis.name} is an axis twice: give it one list of values.` });
    names.add(axis.name);
    if (axis.values.length === 0) out.push({ field: `${field}.values`, message: `${axis.name || 'The axis'} needs at least one value.` });
    const seen = new Set<string>();
    axis.values.forEach((value, j) => {
      const at = `${field}.values[${j}]`;
      const label = valueLabel(value);
      if (seen.has(label)) out.push({ field: at, message: `${axis.name}: ${label} is listed twice.` });
      seen.add(label);
      if (value === null || !axis.name.trim() || isReservedVariable(axis.name)) return;
      // The context-variable editor's own rules: a value the service does not take, a date without its offset.
      for (const d of validateVariables({ [axis.name]: value }))
        if (d.severity === 'error' || d.code === 'date-without-offset') out.push({ field: at, message: d.message });
    });
  });
  spec.hours?.forEach((hour, i) => {
    if (!Number.isInteger(hour) || hour < 0 || hour > 23)
      out.push({ field: `hours[${i}]`, message: `An hour of the emulator’s clock is a whole number 0–23, not ${hour}.` });
  });
  if (spec.hours && new Set(spec.hours).size !== spec.hours.length) out.push({ field: 'hours', message: 'An hour is listed twice.' });
  const requests = cellCount(spec) * Math.max(1, queries.length);
  if (requests > MAX_MATRIX_REQUESTS)
    out.push({
      field: 'axes',
      message: `This grid is ${cellCount(spec).toLocaleString('en-US')} cells × ${queries.length} queries = ${requests.toLocaleString('en-US')} requests, over the ${MAX_MATRIX_REQUESTS.toLocaleString('en-US')} a matrix sends: drop values or queries.`,
    });
  return out;
}

/** Cells of the grid: the product of the axes' value counts, the configurations and the hours. */
export function cellCount(spec: Pick<MatrixSpec, 'axes' | 'configurations' | 'hours'>): number {
  return spec.axes.reduce((n, a) => n * a.values.length, 1) * spec.configurations.length * (spec.hours?.length || 1);
}

/**
 * The cells, configuration first, then the axes in order (the last axis varying fastest), then the hour: the
 * order the grid is drawn in. Call after checkMatrix found nothing.
 */
export function buildCells(spec: Pick<MatrixSpec, 'axes' | 'configurations' | 'hours'>): MatrixCell[] {
  const cells: MatrixCell[] = [];
  const combos: AxisValue[][] = spec.axes.reduce<AxisValue[][]>((acc, axis) => acc.flatMap((c) => axis.values.map((v) => [...c, v])), [[]]);
  const hours: (number | undefined)[] = spec.hours?.length ? spec.hours : [undefined];
  for (const configurationId of spec.configurations)
    for (const combo of combos)
      for (const hour of hours) {
        const variables: Record<string, ContextValue> = {};
        const values: Record<string, AxisValue> = {};
        spec.axes.forEach((axis, i) => {
          const value = combo[i] ?? null;
          values[axis.name] = value;
          if (value !== null) variables[axis.name] = value;
        });
        cells.push({
          key: cellKey(configurationId, spec.axes, combo, hour),
          configurationId,
          variables,
          values,
          ...(hour !== undefined ? { hour } : {}),
        });
      }
  return cells;
}

/**
 * The baseline cell named by `segment=none,weather=sun` (with `config=…` and `hour=…` when those vary; an axis
 * left out takes its first value) or by its key. Default: the first cell.
 */
export function findBaseline(
  cells: MatrixCell[],
  spec: Pick<MatrixSpec, 'axes' | 'configurations' | 'hours'>,
  text?: string,
): MatrixCell | { error: string } {
  if (!text?.trim()) return cells[0] ?? { error: 'The grid has no cell.' };
  // A cell's own key names it too (the app sends the one picked).
  const byKey = cells.find((c) => c.key === text);
  if (byKey) return byKey;
  const wanted = new Map<string, string>();
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return { error: `--baseline is NAME=value,… (e.g. --baseline 'segment=none,weather=sun'), got ${JSON.stringify(text)}` };
    wanted.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const name of wanted.keys())
    if (name !== 'config' && name !== 'hour' && !spec.axes.some((a) => a.name === name))
      return { error: `--baseline names ${name}, which is not an axis (axes: ${spec.axes.map((a) => a.name).join(', ') || 'none'}).` };
  const config = wanted.get('config');
  const found = cells.find(
    (cell) =>
      (config === undefined || config === cell.configurationId || config === (cell.configurationId || '(default)')) &&
      (!wanted.has('hour') || String(cell.hour) === wanted.get('hour')) &&
      spec.axes.every((axis) => {
        const label = wanted.get(axis.name);
        const value = label === undefined ? (axis.values[0] ?? null) : typeAxisValue(label);
        return valueLabel(cell.values[axis.name] ?? null) === valueLabel(value);
      }),
  );
  return found ?? { error: `No cell of the grid is ${text}: each value must be one of its axis's values.` };
}
