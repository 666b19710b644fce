import { z } from 'zod';

/**
 * How a storefront writes its search state into its own address-bar URL, so
 * a shopper's URL can be read back into the exact search request (and a
 * request written as the shopper would see it). Mappings are data: presets
 * below, and a user's own, starting from one, kept per profile.
 */

const param = z.string().trim().min(1, 'name the URL parameter').max(60);
const separator = z.string().min(1, 'a separator is at least one character').max(3);

export const hostPatternSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/,
    'a host like shop.example.com, *.example.com (any subdomain), or with a port: localhost:3000',
  );

export const storefrontMappingSchema = z
  .object({
    name: z.string().trim().min(1, 'give the mapping a name').max(80),
    /** What it started from: a preset's id, or "custom". */
    preset: z.string().max(40).default('custom'),
    hosts: z.array(hostPatternSchema).min(1, 'list at least one host').max(20),
    /** Path prefix of the storefront's search pages ("/search.php"); empty: any path. */
    path: z.string().trim().max(200).default(''),
    query: z.object({ param, any: z.string().max(20).optional() }).strict(),
    page: z
      .object({ param, base: z.union([z.literal(0), z.literal(1)]) })
      .strict()
      .optional(),
    pageSize: z.object({ param: param.optional(), default: z.number().int().min(1).max(1000) }).strict(),
    sort: z
      .discriminatedUnion('style', [
        z.object({ style: z.literal('joined'), param, separator: separator.default(':') }).strict(),
        z.object({ style: z.literal('split'), attributeParam: param, orderParam: param }).strict(),
      ])
      .optional(),
    facets: z
      .discriminatedUnion('style', [
        z
          .object({
            style: z.literal('joined'),
            param,
            facetSeparator: separator.default('|'),
            idSeparator: separator.default(':'),
            valueSeparator: separator.default(','),
          })
          .strict(),
        z.object({ style: z.literal('prefixed'), prefix: param }).strict(),
        z.object({ style: z.literal('numbered'), nameParam: param, valueParam: param, valueSeparator: separator.default('|') }).strict(),
      ])
      .optional(),
    /** Fixed filters, `id:expression` joined by a separator; the expressions are ANDed. */
    filter: z
      .object({ param, separator: separator.default('|'), idSeparator: separator.default(':') })
      .strict()
      .optional(),
    /** URL parameter → context variable. */
    context: z.record(param, z.string().trim().min(1).max(100)).default({}),
    /** Parameters the storefront uses for itself (tracking, view): listed as ignored, never sent. */
    ignore: z.array(param).max(50).default([]),
  })
  .strict();

export type StorefrontMapping = z.output<typeof storefrontMappingSchema>;
export type StorefrontMappingInput = z.input<typeof storefrontMappingSchema>;

/** The public BigCommerce integration of the service (Attraqt/bigcommerce-xo-react, src/State/transformer.ts). */
const BIGCOMMERCE_XO: StorefrontMappingInput = {
  name: 'BigCommerce (XO integration)',
  preset: 'bigcommerce-xo',
  hosts: ['shop.example.com'],
  query: { param: 'search_query', any: '*' },
  page: { param: 'page', base: 1 },
  pageSize: { param: 'pageSize', default: 32 },
  sort: { style: 'joined', param: 'sort', separator: ':' },
  facets: { style: 'joined', param: 'facets', facetSeparator: '|', idSeparator: ':', valueSeparator: ',' },
  filter: { param: 'filter', separator: '|', idSeparator: ':' },
};

/** A plain storefront: q, page (from 1), size, sort=attribute:order, one facet_<id> parameter per value. */
const GENERIC: StorefrontMappingInput = {
  name: 'Generic (q, page, sort, facet_<id>)',
  preset: 'generic',
  hosts: ['shop.example.com'],
  query: { param: 'q' },
  page: { param: 'page', base: 1 },
  pageSize: { param: 'size', default: 24 },
  sort: { style: 'joined', param: 'sort', separator: ':' },
  facets: { style: 'prefixed', prefix: 'facet_' },
  ignore: ['utm_source', 'utm_medium', 'utm_campaign', 'gclid', 'fbclid'],
};

export const STOREFRONT_PRESETS: Readonly<Record<string, StorefrontMappingInput>> = {
  'bigcommerce-xo': BIGCOMMERCE_XO,
  generic: GENERIC,
};

/** A preset as a mapping for the given host (a user's mapping starts from one). */
export function presetMapping(id: string, host?: string): StorefrontMapping | null {
  const preset = STOREFRONT_PRESETS[id];
  if (!preset) return null;
  return storefrontMappingSchema.parse({ ...preset, ...(host ? { hosts: [host.toLowerCase()] } : {}) });
}

/** Whether a host (with its port, if any) is one a pattern names. */
export function hostMatches(pattern: string, host: string): boolean {
  const h = host.toLowerCase();
  if (!pattern.startsWith('*.')) return h === pattern;
  const suffix = pattern.slice(1);
  return h.endsWith(suffix) && h.length > suffix.length;
}

/** Whether a URL is one of the mapping's storefront pages: a listed host and, when set, under its path. */
export function mappingMatches(mapping: StorefrontMapping, url: URL): boolean {
  if (!mapping.hosts.some((pattern) => hostMatches(pattern, url.host))) return false;
  const path = mapping.path.replace(/\/+$/, '');
  return path === '' || url.pathname === path || url.pathname.startsWith(`${path}/`);
}

/** The preset a URL most looks like: the one whose query parameter it carries (most parameters known wins). */
export function closestPreset(url: URL): string {
  let best = { id: 'generic', known: -1 };
  for (const [id, preset] of Object.entries(STOREFRONT_PRESETS)) {
    const mapping = storefrontMappingSchema.parse(preset);
    const names = knownParams(mapping);
    const known = [...url.searchParams.keys()].filter(
      (k) => names.has(k) || (mapping.facets?.style === 'prefixed' && k.startsWith(mapping.facets.prefix)),
    ).length;
    const hasQuery = url.searchParams.has(mapping.query.param) ? 100 : 0;
    if (known + hasQuery > best.known) best = { id, known: known + hasQuery };
  }
  return best.id;
}

/** The parameter names a mapping reads (prefixed and numbered facet parameters are matched apart). */
export function knownParams(mapping: StorefrontMapping): Set<string> {
  const names = [mapping.query.param, mapping.page?.param, mapping.pageSize.param, mapping.filter?.param, ...Object.keys(mapping.context)];
  if (mapping.sort?.style === 'joined') names.push(mapping.sort.param);
  if (mapping.sort?.style === 'split') names.push(mapping.sort.attributeParam, mapping.sort.orderParam);
  if (mapping.facets?.style === 'joined') names.push(mapping.facets.param);
  return new Set(names.filter((n): n is string => !!n));
}

/** The storefront page a request is written onto: the mapping's first host (a wildcard's bare domain) and its path. */
export function storefrontBase(mapping: StorefrontMapping): string {
  const host = (mapping.hosts[0] ?? 'shop.example.com').replace(/^\*\./, '');
  return `https://${host}${mapping.path || '/'}`;
}

/** The first mapping (of profiles given in order of preference) whose hosts and path a URL is on. */
export function findMapping<P extends { storefronts: StorefrontMapping[] }>(
  profiles: readonly P[],
  url: URL,
): { profile: P; mapping: StorefrontMapping } | null {
  for (const profile of profiles) for (const mapping of profile.storefronts) if (mappingMatches(mapping, url)) return { profile, mapping };
  return null;
}
