import type { StorefrontRequest } from './decode';
import { knownParams, storefrontBase, type StorefrontMapping } from './mapping';
import { encodeQueryPart, readQuery } from './query-string';

export interface StorefrontEncoded {
  /** The address a shopper would see for this request on the storefront. */
  url: string;
  /** What the storefront has no way to say: each is left out of the URL, and named here. */
  inexpressible: string[];
  /**
   * Written like a customer's URL: its parameters the request does not speak of (`utm_source`, the storefront's
   * own), carried over as they were; and those it could not carry (a parameter the request now sets otherwise or
   * not at all), named.
   */
  carried?: string[];
  dropped?: string[];
}

/** Parameters in order, set (replacing every earlier value of the name) or appended, as URLSearchParams would. */
class Pairs {
  readonly list: [string, string][] = [];
  set(name: string, value: string): void {
    const at = this.list.findIndex(([n]) => n === name);
    const rest = this.list.filter(([n]) => n !== name);
    rest.splice(at < 0 ? rest.length : at, 0, [name, value]);
    this.list.splice(0, this.list.length, ...rest);
  }
  append(name: string, value: string): void {
    this.list.push([name, value]);
  }
}

const has = (text: string, ...separators: string[]) => separators.some((s) => text.includes(s));

/**
 * Writes a search request as the storefront's own URL — what the shopper
 * would see. Every part the mapping cannot express is named, never silently
 * dropped; for everything it can express, decoding the URL gives the request back.
 */
export function encodeStorefrontUrl(
  mapping: StorefrontMapping,
  request: Omit<StorefrontRequest, 'query'> & { query?: string | undefined },
  baseUrl: string,
  /** A customer's URL to write it like: its page, its parameters' order and encoding, its other parameters. */
  like?: string,
): StorefrontEncoded {
  const url = new URL(like ?? baseUrl);
  const params = new Pairs();
  const missing: string[] = [];
  const options = request.options ?? {};

  const query = request.query ?? '';
  if (query !== '') {
    if (mapping.query.any !== undefined && query === mapping.query.any)
      missing.push(`the query ${JSON.stringify(query)} (this storefront reads it as "any query")`);
    else params.set(mapping.query.param, query);
  }

  const limit = options.limit ?? 10;
  const offset = options.offset ?? 0;
  if (limit !== mapping.pageSize.default) {
    if (mapping.pageSize.param && limit > 0) params.set(mapping.pageSize.param, String(limit));
    else missing.push(`limit ${limit} (the storefront always shows ${mapping.pageSize.default} per page)`);
  }
  if (offset !== 0) {
    if (!mapping.page) missing.push(`offset ${offset} (the storefront has no page parameter)`);
    else if (limit <= 0 || offset % limit !== 0) missing.push(`offset ${offset} (not the start of a page of ${limit})`);
    else params.set(mapping.page.param, String(offset / limit + mapping.page.base));
  }

  const sortBy = options.sortBy ?? [];
  if (sortBy.length > 0) {
    const [first, ...rest] = sortBy;
    const sort = mapping.sort;
    if (!sort) missing.push('the sort (the storefront has no sort parameter)');
    else if (rest.length) missing.push(`${sortBy.length} sort levels (the storefront sorts by one attribute)`);
    else if (first && sort.style === 'joined') {
      if (has(first.attribute, sort.separator))
        missing.push(`the sort attribute ${JSON.stringify(first.attribute)} (contains "${sort.separator}")`);
      else params.set(sort.param, first.order ? `${first.attribute}${sort.separator}${first.order}` : first.attribute);
    } else if (first && sort.style === 'split') {
      params.set(sort.attributeParam, first.attribute);
      if (first.order) params.set(sort.orderParam, first.order);
    }
  }

  const facets = (options.facets ?? []).map((f) => ({ id: f.id ?? f.attribute ?? '', values: f.values.map(String) }));
  const f = mapping.facets;
  const writable = facets.filter((facet) => {
    const problem =
      facet.id === '' || facet.values.length === 0 || facet.values.some((v) => v === '')
        ? 'empty'
        : f?.style === 'joined' &&
            (has(facet.id, f.facetSeparator, f.idSeparator) || facet.values.some((v) => has(v, f.facetSeparator, f.valueSeparator)))
          ? 'separator'
          : f?.style === 'numbered' && facet.values.some((v) => has(v, f.valueSeparator))
            ? 'separator'
            : null;
    if (!f) missing.push(`the ${facet.id} facet selection (the storefront has no facet parameter)`);
    else if (problem === 'empty') missing.push(`an empty facet selection (${facet.id || 'no id'})`);
    else if (problem === 'separator') missing.push(`the ${facet.id} facet selection (a value contains one of the storefront's separators)`);
    return !!f && problem === null;
  });
  if (f?.style === 'joined' && writable.length)
    params.set(f.param, writable.map((x) => `${x.id}${f.idSeparator}${x.values.join(f.valueSeparator)}`).join(f.facetSeparator));
  if (f?.style === 'prefixed') for (const x of writable) for (const v of x.values) params.append(`${f.prefix}${x.id}`, v);
  if (f?.style === 'numbered')
    writable.forEach((x, i) => {
      params.set(`${f.nameParam}${i + 1}`, x.id);
      params.set(`${f.valueParam}${i + 1}`, x.values.join(f.valueSeparator));
    });

  const filter = options.filter?.trim() ?? '';
  if (filter !== '') {
    const m = mapping.filter;
    if (!m) missing.push(`the filter ${JSON.stringify(filter)} (the storefront has no filter parameter)`);
    else if (has(filter, m.separator)) missing.push(`the filter ${JSON.stringify(filter)} (contains "${m.separator}")`);
    else params.set(m.param, `filter${m.idSeparator}${filter}`);
  }

  const variables = request.context?.variables ?? {};
  const byVariable = new Map(Object.entries(mapping.context).map(([param, variable]) => [variable, param]));
  for (const [name, value] of Object.entries(variables)) {
    const param = byVariable.get(name);
    if (param && typeof value === 'string') params.set(param, value);
    else missing.push(`the context variable ${name}${param ? ' (not text)' : ' (no storefront parameter carries it)'}`);
  }
  if (request.context?.session) missing.push('the session context (the storefront sets it itself)');

  if (request.configurationId) missing.push(`the configuration ${request.configurationId} (the storefront uses its own)`);
  if (options.customResponseMask) missing.push('the response mask (the storefront asks for what it shows)');
  if (options.disable?.length) missing.push('disabled features (the storefront decides)');

  const address = `${url.origin}${url.pathname}`;
  if (like === undefined) {
    const query = params.list.map(([n, v]) => `${encodeQueryPart(n)}=${encodeQueryPart(v)}`).join('&');
    return { url: `${address}${query ? `?${query}` : ''}`, inexpressible: missing };
  }
  return { ...writtenLike(mapping, params.list, url), inexpressible: missing };
}

/**
 * The parameters written in the customer's URL's order and encoding: each of its parameters in place — as written
 * when the value is unchanged, re-encoded in its style when it changed, carried as written when the mapping does
 * not read it, left out (and named) when the request no longer sets it — then the request's new ones.
 */
function writtenLike(
  mapping: StorefrontMapping,
  fresh: readonly [string, string][],
  original: URL,
): { url: string; carried: string[]; dropped: string[] } {
  const { params: before, space } = readQuery(original.search);
  const known = knownParams(mapping);
  const read = (name: string) =>
    known.has(name) ||
    (mapping.facets?.style === 'prefixed' && name.startsWith(mapping.facets.prefix)) ||
    (mapping.facets?.style === 'numbered' && (name.startsWith(mapping.facets.nameParam) || name.startsWith(mapping.facets.valueParam)));
  const pending = [...fresh];
  const out: string[] = [];
  const carried: string[] = [];
  const dropped: string[] = [];
  for (const p of before) {
    const at = pending.findIndex(([n]) => n === p.name);
    if (at >= 0) {
      const [, value] = pending.splice(at, 1)[0]!;
      out.push(value === p.value ? p.raw : `${p.raw.split('=')[0]}=${encodeQueryPart(value, space)}`);
    } else if (read(p.name)) dropped.push(p.name);
    else {
      out.push(p.raw);
      carried.push(p.name);
    }
  }
  for (const [n, v] of pending) out.push(`${encodeQueryPart(n, space)}=${encodeQueryPart(v, space)}`);
  return { url: `${original.origin}${original.pathname}${out.length ? `?${out.join('&')}` : ''}`, carried, dropped };
}

/** A search request (its token left out: a storefront URL never carries one) on the mapping's own storefront page. */
export function storefrontUrlOf(
  mapping: StorefrontMapping,
  request: { token?: string } & Omit<StorefrontRequest, 'query'> & { query?: string | undefined },
  /** The customer's URL the request came from, when it did: the result is written like it. */
  like?: string,
): StorefrontEncoded {
  const { token: _token, ...rest } = request;
  return encodeStorefrontUrl(mapping, rest, storefrontBase(mapping), like);
}
