import { z } from 'zod';
import type { CliForm } from './define';

/** The parts of a JSON schema a flag's help and parsing read. */
interface FieldSchema {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  properties?: Record<string, FieldSchema>;
  anyOf?: FieldSchema[];
}

const schemaOf = (form: CliForm): FieldSchema => z.toJSONSchema(form.input, { io: 'input', unrepresentable: 'any' }) as FieldSchema;

/** The field at a path (`filter.from`) of an input's JSON schema; optional and nullable fields read through their alternatives. */
function fieldAt(schema: FieldSchema, path: string): FieldSchema | undefined {
  let at: FieldSchema | undefined = schema;
  for (const key of path.split('.')) {
    const object: FieldSchema | undefined = at?.properties ? at : at?.anyOf?.find((s) => s.properties);
    at = object?.properties?.[key];
  }
  return at?.anyOf?.find((s) => s.type !== 'null') ?? at;
}

const number = (x: number) => (Number.isInteger(x) && Math.abs(x) >= 10_000 ? x.toLocaleString('en-US') : String(x));

/** What the schema says of a field, for its help line: its choices or range, and its default. */
export function fieldFacts(field: FieldSchema): string[] {
  const facts: string[] = [];
  if (field.enum) facts.push(`one of ${field.enum.map(String).join(', ')}`);
  else if (field.type === 'integer' || field.type === 'number') {
    const low = field.minimum ?? field.exclusiveMinimum;
    const high = field.maximum ?? field.exclusiveMaximum;
    const whole = field.type === 'integer' ? 'a whole number ' : '';
    if (low !== undefined && high !== undefined)
      facts.push(
        `${whole}${field.exclusiveMinimum !== undefined ? 'above ' : ''}${number(low)} to ${number(high)}${field.exclusiveMaximum !== undefined ? ' (not included)' : ''}`,
      );
    else if (low !== undefined) facts.push(`${whole}${field.exclusiveMinimum !== undefined ? 'above' : 'from'} ${number(low)}`);
  }
  if (field.default !== undefined && !(typeof field.default === 'object'))
    facts.push(`default ${typeof field.default === 'number' ? number(field.default) : String(field.default)}`);
  return facts;
}

/** Text wrapped at `columns`, its later lines indented by `hang`. */
function wrap(text: string, columns: number, hang: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > columns) {
      lines.push(line);
      line = ' '.repeat(hang) + word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/**
 * The help lines of a form's flags, made from the schema: `  --k   <doc> (a whole number 1 to 100; default 10)`.
 * `width` lines the text up with the command's other flags; `only` picks and orders the fields shown.
 */
export function flagHelp(form: CliForm, options: { width?: number; only?: readonly string[]; columns?: number } = {}): string[] {
  const schema = schemaOf(form);
  const paths = options.only ?? Object.keys(form.flags);
  const width = options.width ?? Math.max(...paths.map((p) => form.flags[p]!.flag.length));
  return paths.flatMap((path) => {
    const { flag, doc, absent } = form.flags[path]!;
    const field = fieldAt(schema, path);
    // Choices the line already names are not listed again.
    const named = field?.enum?.every((v) => new RegExp(`\\b${String(v)}\\b`).test(doc));
    const facts = field ? fieldFacts(named ? { ...field, enum: undefined } : field) : [];
    if (field && field.default === undefined) facts.push(absent ? `default: ${absent}` : required(schema, path) ? 'required' : '');
    const said = facts.filter(Boolean);
    const lines = wrap(
      `${flag.padEnd(width)} ${doc}${said.length ? ` (${said.join('; ')})` : ''}`,
      (options.columns ?? 118) - 2,
      Math.max(width, flag.length) + 1,
    );
    return lines.map((line) => `  ${line}`);
  });
}

/** A top-level field the input cannot leave out. */
function required(schema: FieldSchema, path: string): boolean {
  return !path.includes('.') && ((schema as { required?: string[] }).required ?? []).includes(path);
}

/**
 * The flags in a command's synopsis: `[--metric ctr|conversion|revenue] [--k 10]` — choices or the default as the
 * value, brackets where the field may be left out. `only` picks and orders the fields shown.
 */
export function flagSynopsis(form: CliForm, only?: readonly string[]): string {
  const schema = schemaOf(form);
  return (only ?? Object.keys(form.flags))
    .map((path) => {
      const { flag, value: name } = form.flags[path]!;
      const field = fieldAt(schema, path);
      const value = field?.enum
        ? field.enum.map(String).join('|')
        : field?.default !== undefined && typeof field.default !== 'object'
          ? String(field.default)
          : (name ?? 'X');
      const text = `${flag} ${value}`;
      return required(schema, path) && field?.default === undefined ? text : `[${text}]`;
    })
    .join(' ');
}

/** The flags' names, as node's parseArgs takes them: every one a string, read by the schema. */
export function flagOptions(form: CliForm): Record<string, { type: 'string' }> {
  return Object.fromEntries(Object.values(form.flags).map(({ flag }) => [flag.replace(/^--/, ''), { type: 'string' as const }]));
}

/** A flag's text the schema refused, with the flag named. */
export class FlagError extends Error {
  constructor(
    readonly flag: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'FlagError';
  }
}

/**
 * The input a command's flags give, parsed by the form's own schema — the one the app's operation parses with — so
 * the command line has no limits or defaults of its own: a number field's text is read as a number, a flag left out
 * takes the schema's default. A refused value throws a FlagError naming its flag and its text.
 */
export function inputFromFlags<S extends z.ZodObject>(form: CliForm<S>, texts: Record<string, string | undefined>): z.output<S> {
  const schema = schemaOf(form);
  const values: Record<string, unknown> = {};
  for (const [path, { flag }] of Object.entries(form.flags)) {
    const text = texts[flag.replace(/^--/, '')];
    if (text === undefined) continue;
    const field = fieldAt(schema, path);
    const numeric = field?.type === 'integer' || field?.type === 'number';
    const keys = path.split('.');
    let into = values;
    for (const key of keys.slice(0, -1)) into = (into[key] ??= {}) as Record<string, unknown>;
    into[keys.at(-1)!] = numeric ? (text.trim() === '' ? Number.NaN : Number(text)) : text;
  }
  const parsed = form.input.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.join('.');
  const entry = Object.entries(form.flags).find(([p]) => p === path || path.startsWith(`${p}.`));
  if (!entry) throw new FlagError(undefined, issue.message);
  const { flag } = entry[1];
  const text = texts[flag.replace(/^--/, '')];
  const got = text === undefined ? '' : `, got ${JSON.stringify(text)}`;
  // A choice is said as its choices, in the words of the help.
  const choices = (issue as { values?: unknown[] }).values;
  if (issue.code === 'invalid_value' && choices?.length)
    throw new FlagError(flag, `${flag} is one of ${choices.map(String).join(', ')}${got}`);
  throw new FlagError(flag, `${flag}: ${issue.message}${got}`);
}

/** The defaults a form's schema gives its fields (a field with none is absent): what a screen starts from. */
export function defaultsOf<S extends z.ZodObject>(form: CliForm<S>): Partial<z.output<S>> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(form.input.shape)) {
    const parsed = (field as z.ZodType).safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as Partial<z.output<S>>;
}
