import type { FacetSelection, RequestContext, SearchOptions, SortValue } from '../request';
import { knownParams, type StorefrontMapping } from './mapping';
import { readQuery } from './query-string';

/** One step of reading a storefront URL, in words: "page=3 × pageSize 32 → offset 64, limit 32". */
export interface StorefrontStep {
  params: string[];
  text: string;
}

/** A search request without its token (a storefront URL never carries it: the profile supplies it). */
export interface StorefrontRequest {
  query: string;
  configurationId?: string;
  options?: SearchOptions;
  context?: RequestContext;
}

export interface StorefrontDecoded {
  /** The search request the storefront would send. */
  request: StorefrontRequest;
  steps: StorefrontStep[];
  /** Parameters the mapping does not read, with their values: never dropped silently. */
  unknown: { name: string; value: string }[];
  /** Parameters the mapping knows the storefront uses for itself, not sent. */
  ignored: string[];
  /** What was odd: a value that still looks encoded, a repeated parameter, a page that is not a number. */
  notes: string[];
  /**
   * Parameters with a %-escape that does not decode (`search_query=caf%E0%A4%A`): the URL was cut or mis-encoded,
   * so what it asked for is not known — an error to show, naming the parameter, never a query with "�" in it.
   */
  broken: { name: string; raw: string }[];
}

/** The error a URL with broken %-escapes is, naming each parameter. */
export function brokenEscapesMessage(broken: readonly { name: string; raw: string }[]): string {
  const list = broken.map((b) => `${b.name} (${b.raw.length > 60 ? `${b.raw.slice(0, 60)}…` : b.raw})`).join(', ');
  return `The parameter${broken.length === 1 ? '' : 's'} ${list} ${broken.length === 1 ? 'has' : 'have'} a broken %-escape: the link was cut or mis-encoded, so what it searched for is not known. Ask for the whole address as the browser shows it.`;
}

const ORDERS = new Set(['asc', 'desc']);

/** A filter expression joined with others: parenthesised when it has an OR of its own. */
function group(expression: string): string {
  return /\bor\b/i.test(expression) ? `(${expression})` : expression;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
}

function readSort(attribute: string, order: string | undefined, notes: string[]): SortValue | null {
  if (attribute.trim() === '') return null;
  if (order === undefined || order === '') return { attribute };
  const lower = order.toLowerCase();
  if (!ORDERS.has(lower)) notes.push(`The sort order "${order}" is neither asc nor desc; sent as written.`);
  return { attribute, order: (ORDERS.has(lower) ? lower : order) as SortValue['order'] };
}

/**
 * Reads a storefront's address-bar URL into the search request it stands for,
 * with each step explained. Values are URL-decoded once (`+` is a space), as
 * browsers and URLSearchParams do.
 */
export function decodeStorefrontUrl(mapping: StorefrontMapping, url: URL): StorefrontDecoded {
  const params = url.searchParams;
  const { broken } = readQuery(url.search);
  const steps: StorefrontStep[] = [];
  const notes: string[] = [];
  const used = new Set<string>();
  const get = (name: string | undefined): string | null => {
    if (!name) return null;
    const all = params.getAll(name);
    if (all.length === 0) return null;
    used.add(name);
    if (all.length > 1)
      notes.push(`${name} is given ${all.length} times; the first (${JSON.stringify(all[0])}) is read, as the storefront does.`);
    return all[0] as string;
  };
  for (const [name, value] of params)
    if (/%[0-9a-f]{2}/i.test(value))
      notes.push(`${name}=${JSON.stringify(value)} still looks URL-encoded after decoding once: the link was probably encoded twice.`);

  const options: SearchOptions = {};
  const request: StorefrontRequest = { query: '' };

  // Query: the parameter, or the storefront's "any query" token, or none.
  const q = get(mapping.query.param);
  if (q === null || q === '' || (mapping.query.any !== undefined && q === mapping.query.any)) {
    steps.push({
      params: q === null ? [] : [mapping.query.param],
      text: q === null ? `no ${mapping.query.param} → any query ("")` : `${mapping.query.param}=${q} → any query ("")`,
    });
  } else {
    request.query = q;
    steps.push({ params: [mapping.query.param], text: `${mapping.query.param}=${q} → query ${JSON.stringify(q)}` });
  }

  // Page and page size → offset and limit.
  const sizeText = get(mapping.pageSize.param);
  let limit = mapping.pageSize.default;
  if (sizeText !== null) {
    const n = Number(sizeText);
    if (Number.isInteger(n) && n >= 0) limit = n;
    else
      notes.push(
        `${mapping.pageSize.param}=${JSON.stringify(sizeText)} is not a whole number; the default ${mapping.pageSize.default} is used.`,
      );
  }
  const pageText = mapping.page ? get(mapping.page.param) : null;
  const base = mapping.page?.base ?? 1;
  let page: number = base;
  if (pageText !== null && mapping.page) {
    const n = Number(pageText);
    if (Number.isInteger(n) && n >= base) page = n;
    else notes.push(`${mapping.page.param}=${JSON.stringify(pageText)} is not a page number (from ${base}); the first page is used.`);
  }
  const offset = (page - base) * limit;
  options.offset = offset;
  options.limit = limit;
  const sizeWords = sizeText !== null ? `${mapping.pageSize.param} ${limit}` : `page size ${limit} (the default)`;
  steps.push({
    params: [mapping.page?.param, mapping.pageSize.param].filter((p): p is string => !!p && used.has(p)),
    text:
      pageText !== null && mapping.page
        ? `${mapping.page.param}=${pageText} × ${sizeWords} → offset ${offset}, limit ${limit}`
        : `first page, ${sizeWords} → offset 0, limit ${limit}`,
  });

  // Sort.
  if (mapping.sort?.style === 'joined') {
    const text = get(mapping.sort.param);
    const sort = text === null ? null : readSort(...splitOnce(text, mapping.sort.separator), notes);
    if (sort) {
      options.sortBy = [sort];
      steps.push({
        params: [mapping.sort.param],
        text: `${mapping.sort.param}=${text} → sort by ${sort.attribute}${sort.order ? `, ${sort.order === 'desc' ? 'descending' : sort.order === 'asc' ? 'ascending' : sort.order}` : ''}`,
      });
    }
  } else if (mapping.sort?.style === 'split') {
    const attribute = get(mapping.sort.attributeParam);
    const order = get(mapping.sort.orderParam);
    if (attribute) {
      const sort = readSort(attribute, order ?? undefined, notes);
      if (sort) {
        options.sortBy = [sort];
        steps.push({
          params: [mapping.sort.attributeParam, ...(order ? [mapping.sort.orderParam] : [])],
          text: `${mapping.sort.attributeParam}=${attribute}${order ? `&${mapping.sort.orderParam}=${order}` : ''} → sort by ${sort.attribute}${sort.order ? `, ${sort.order}` : ''}`,
        });
      }
    }
  }

  // Facet selections: values within a facet OR, facets AND.
  const facets: FacetSelection[] = [];
  const addFacet = (id: string, values: string[], from: string, param: string) => {
    const clean = values.filter((v) => v !== '');
    if (id === '' || clean.length === 0) {
      notes.push(`${from} selects nothing (an empty facet id or value) and is left out.`);
      return;
    }
    const existing = facets.find((f) => f.id === id);
    if (existing) existing.values.push(...clean);
    else facets.push({ id, values: clean });
    steps.push({ params: [param], text: `${from} → ${id}: ${clean.join(' OR ')}` });
  };
  const f = mapping.facets;
  if (f?.style === 'joined') {
    const text = get(f.param);
    if (text !== null && text !== '')
      for (const part of text.split(f.facetSeparator)) {
        const [id, values] = splitOnce(part, f.idSeparator);
        addFacet(id, (values ?? '').split(f.valueSeparator), `${f.param}=${part}`, f.param);
      }
  } else if (f?.style === 'prefixed') {
    const names = [...new Set([...params.keys()].filter((k) => k.startsWith(f.prefix) && k.length > f.prefix.length))];
    for (const name of names) {
      used.add(name);
      addFacet(
        name.slice(f.prefix.length),
        params.getAll(name),
        params
          .getAll(name)
          .map((v) => `${name}=${v}`)
          .join('&'),
        name,
      );
    }
  } else if (f?.style === 'numbered') {
    const numbers = [...params.keys()]
      .map((k) => (k.startsWith(f.nameParam) ? k.slice(f.nameParam.length) : null))
      .filter((n): n is string => n !== null && /^\d+$/.test(n))
      .sort((a, b) => Number(a) - Number(b));
    for (const n of numbers) {
      const name = get(`${f.nameParam}${n}`) ?? '';
      const values = get(`${f.valueParam}${n}`);
      if (values === null) {
        notes.push(`${f.nameParam}${n}=${name} has no ${f.valueParam}${n}; left out.`);
        continue;
      }
      addFacet(name, values.split(f.valueSeparator), `${f.nameParam}${n}=${name}&${f.valueParam}${n}=${values}`, `${f.nameParam}${n}`);
    }
  }
  if (facets.length) options.facets = facets;

  // Fixed filters: id:expression, ANDed.
  if (mapping.filter) {
    const text = get(mapping.filter.param);
    if (text !== null && text !== '') {
      const expressions = text
        .split(mapping.filter.separator)
        .map((part) => splitOnce(part, mapping.filter!.idSeparator))
        .map(([id, expression]) => (expression === undefined ? id : expression).trim())
        .filter((e) => e !== '');
      if (expressions.length) {
        options.filter = expressions.length === 1 ? (expressions[0] as string) : expressions.map(group).join(' AND ');
        steps.push({ params: [mapping.filter.param], text: `${mapping.filter.param}=${text} → filter ${options.filter}` });
      }
    }
  }

  // Context variables.
  const variables: Record<string, string> = {};
  for (const [name, variable] of Object.entries(mapping.context)) {
    const value = get(name);
    if (value === null) continue;
    variables[variable] = value;
    steps.push({ params: [name], text: `${name}=${value} → context variable ${variable} = ${JSON.stringify(value)}` });
  }

  request.options = options;
  if (Object.keys(variables).length) request.context = { variables };

  const known = knownParams(mapping);
  const ignored = [...new Set([...params.keys()].filter((k) => !used.has(k) && mapping.ignore.includes(k)))];
  const unknown = [...params]
    .filter(([k]) => !used.has(k) && !known.has(k) && !mapping.ignore.includes(k))
    .map(([name, value]) => ({ name, value }));
  return { request, steps, unknown, ignored, notes, broken };
}
