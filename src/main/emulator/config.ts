import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { describeIssues, zodIssues } from '../../shared/zod';
import { PREMIUM_BRANDS } from './catalog/vocabulary';

/**
 * The emulator's configuration is data: tenants, their search tokens and
 * service accounts, search configurations (ranking, facets, triggers),
 * sortable attributes and redirects. `emulator --print-config` writes the
 * built-in demo as JSON; `--config file` loads an edited copy.
 */

const facetSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  attribute: z.string().min(1),
  /** Value buckets for numeric attributes, e.g. price bands; values are the labels. */
  ranges: z.array(z.object({ label: z.string(), min: z.number().optional(), max: z.number().optional() })).optional(),
  /** How many values the facet lists at most (selected values are always listed). */
  maxValues: z.number().int().min(1).max(1000).default(20),
});

const triggerSchema = z.object({
  id: z.string(),
  description: z.string(),
  /** A filter over the request's variables (custom and $SEARCH_…), e.g. `segment = premium`. */
  when: z.string(),
  /** A filter over items; matching items get their score multiplied by `factor`. */
  boost: z.string(),
  factor: z.number().positive(),
});

const configurationSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  description: z.string().default(''),
  /** Weight of each text field in relevance (0 leaves it out). */
  fieldBoosts: z.record(z.string(), z.number().min(0)),
  /** Multipliers from item attributes: score × (1 + w × signal), each signal in 0…1. */
  signals: z
    .object({
      recency: z.number().min(0).default(0),
      rating: z.number().min(0).default(0),
      reviews: z.number().min(0).default(0),
      inStock: z.number().min(0).default(0),
      discount: z.number().min(0).default(0),
      recommended: z.number().min(0).default(0),
    })
    .default({ recency: 0, rating: 0, reviews: 0, inStock: 0, discount: 0, recommended: 0 }),
  /** Facet ids (from the tenant's facets) this configuration returns, in order. */
  facets: z.array(z.string()),
  triggers: z.array(triggerSchema).default([]),
  /**
   * How this configuration orders autocomplete (the interface: "by number of search views by default"):
   * `views` (the default), or `results` — earlier queries with more matching items first — and the fewest
   * matches a suggestion needs (default 1: any query that returned results).
   */
  autocomplete: z
    .object({ order: z.enum(['views', 'results']).default('views'), minResults: z.number().int().min(1).default(1) })
    .optional(),
});

const serviceAccountSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().optional(),
  publicKeyPem: z.string().optional(),
});

const tenantSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, 'tenant ids are lower-case letters, digits and dashes'),
  environment: z.string().min(1),
  title: z.string().default(''),
  searchTokens: z.array(z.string().min(8)).min(1),
  defaultConfigurationId: z.string(),
  configurations: z.array(configurationSchema).min(1),
  facets: z.array(facetSchema),
  sortableAttributes: z.array(z.string()),
  redirects: z
    .array(z.object({ queries: z.array(z.string()), redirect: z.object({ id: z.string(), name: z.string(), url: z.string().url() }) }))
    .default([]),
  autocompleteActivated: z.boolean(),
  /** The tracker's key for this tenant: activities posted to `${collectUrl}/${trackerKey}` count for it. */
  trackerKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, 'tracker keys are 8 to 128 letters, digits, _ and -')
    .optional(),
  serviceAccounts: z.array(serviceAccountSchema).default([]),
  accessTokenTtlSeconds: z.number().int().min(5).max(86_400).default(300),
});

export const emulatorConfigSchema = z.object({
  catalog: z.object({
    items: z.number().int().min(1).max(2_000_000).default(20_000),
    seed: z.number().int().default(42),
    referenceDate: z.string().default('2026-11-01T00:00:00Z'),
  }),
  /** Seeded usage-log size per tenant (searches over the last 14 days). */
  usageLog: z
    .object({ events: z.number().int().min(0).max(2_000_000).default(60_000), days: z.number().int().min(1).max(90).default(14) })
    .default({ events: 60_000, days: 14 }),
  tenants: z.array(tenantSchema).min(1),
});

export type EmulatorConfig = z.infer<typeof emulatorConfigSchema>;
export type TenantConfig = z.infer<typeof tenantSchema>;
export type ConfigurationConfig = z.infer<typeof configurationSchema>;
export type FacetConfig = z.infer<typeof facetSchema>;
export type TriggerConfig = z.infer<typeof triggerSchema>;

const FACETS: FacetConfig[] = [
  { id: 'brand', title: 'Brand', attribute: 'brand', maxValues: 20 },
  { id: 'category', title: 'Category', attribute: 'category', maxValues: 20 },
  { id: 'colour', title: 'Colour', attribute: 'colour', maxValues: 20 },
  { id: 'size', title: 'Size', attribute: 'sizes', maxValues: 30 },
  { id: 'gender', title: 'Gender', attribute: 'gender', maxValues: 10 },
  {
    id: 'price',
    title: 'Price',
    attribute: 'price',
    maxValues: 10,
    ranges: [
      { label: 'Under 25', max: 25 },
      { label: '25 to 50', min: 25, max: 50 },
      { label: '50 to 100', min: 50, max: 100 },
      { label: '100 to 200', min: 100, max: 200 },
      { label: '200 and over', min: 200 },
    ],
  },
  { id: 'tags', title: 'Highlights', attribute: 'tags', maxValues: 10 },
  { id: 'kind', title: 'Type', attribute: 'kind', maxValues: 5 },
];

const premiumFilter = PREMIUM_BRANDS.map((b) => `brand = '${b}'`).join(' OR ');

const TRIGGERS = [
  {
    id: 'premium-segment',
    description: 'Shoppers in the premium segment see premium brands first.',
    when: 'segment = premium',
    boost: premiumFilter,
    factor: 1.8,
  },
  {
    id: 'evening-picks',
    description: 'In the evening (18:00–23:59 server time), items tagged "evening" rise.',
    when: '$SEARCH_HOUR >= 18',
    boost: 'tags = evening',
    factor: 1.5,
  },
  {
    id: 'rainy-region',
    description: 'When the weather variable says rain, waterproof items rise.',
    when: 'weather = rain',
    boost: 'tags = waterproof',
    factor: 1.6,
  },
  {
    id: 'outlet-rain',
    description: 'Outlet shoppers on a rainy day see items on sale rise: a trigger on two variables together, neither alone.',
    when: 'segment = outlet AND weather = rain',
    boost: 'tags = sale',
    factor: 2.2,
  },
];

/**
 * The configurations the demo experiment compares (default, new-arrivals) leave out the time-of-day
 * trigger: the experiment runs live, and its figures (and the judgments pooled for it) must be the
 * same at any hour. Bestsellers keeps it, to show a trigger on $SEARCH_HOUR.
 */
const TIMELESS_TRIGGERS = TRIGGERS.filter((t) => !t.when.includes('$SEARCH_HOUR'));

/** The built-in demo: what Local demo runs against. */
export function demoConfig(): EmulatorConfig {
  const demo: TenantConfig = {
    id: 'demo',
    environment: 'production',
    title: 'Demo outfitters',
    searchTokens: ['demo-search-token-0001', 'demo-search-token-staging'],
    trackerKey: 'demo-tracker-key-0001',
    defaultConfigurationId: 'default',
    configurations: [
      {
        id: 'default',
        title: 'Text relevance',
        description: 'Field-boosted text relevance: title over brand over category over description.',
        fieldBoosts: { title: 3, brand: 2, category: 1.5, colour: 1.2, tags: 1, description: 0.4 },
        signals: { recency: 0, rating: 0.05, reviews: 0, inStock: 0.1, discount: 0, recommended: 0 },
        facets: ['brand', 'category', 'colour', 'size', 'price', 'gender', 'tags'],
        triggers: TIMELESS_TRIGGERS,
      },
      {
        id: 'new-arrivals',
        title: 'New arrivals first',
        description: 'Text relevance, strongly boosted by how recently an item was added.',
        fieldBoosts: { title: 3, brand: 2, category: 1.5, colour: 1.2, tags: 1, description: 0.4 },
        signals: { recency: 4, rating: 0, reviews: 0, inStock: 0.2, discount: 0, recommended: 0 },
        facets: ['category', 'brand', 'colour', 'size', 'price', 'tags'],
        triggers: TIMELESS_TRIGGERS,
      },
      {
        id: 'bestsellers',
        title: 'Bestsellers',
        description: 'Text relevance boosted by rating and number of reviews.',
        fieldBoosts: { title: 2, brand: 2, category: 2, colour: 1, tags: 1, description: 0.2 },
        signals: { recency: 0, rating: 1.5, reviews: 3, inStock: 0.5, discount: 0, recommended: 0.5 },
        facets: ['brand', 'category', 'price', 'colour', 'size', 'gender', 'tags', 'kind'],
        triggers: TRIGGERS,
        // Autocomplete that favours the broad queries: most matching items first, none under 5.
        autocomplete: { order: 'results', minResults: 5 },
      },
    ],
    facets: FACETS,
    sortableAttributes: ['price', 'rating', 'reviewCount', 'created', 'title', 'discountRate', 'stock'],
    redirects: [
      {
        queries: ['returns', 'return policy', 'refund'],
        redirect: { id: 'redirect-returns', name: 'Returns and refunds', url: 'https://shop.example.com/help/returns' },
      },
      {
        queries: ['gift card', 'gift cards'],
        redirect: { id: 'redirect-gift-cards', name: 'Gift cards', url: 'https://shop.example.com/gift-cards' },
      },
    ],
    autocompleteActivated: true,
    serviceAccounts: [{ clientId: 'workbench-demo', clientSecret: 'demo-client-secret: keep % + / = safe' }],
    accessTokenTtlSeconds: 300,
  };
  const outlet: TenantConfig = {
    id: 'outlet',
    environment: 'staging',
    title: 'Outlet store (autocomplete not activated)',
    searchTokens: ['outlet-search-token-0001'],
    trackerKey: 'outlet-tracker-key-0001',
    defaultConfigurationId: 'default',
    configurations: [
      {
        id: 'default',
        title: 'Text relevance, discounts first',
        description: 'Relevance boosted by discount rate.',
        fieldBoosts: { title: 3, brand: 2, category: 1.5, description: 0.4 },
        signals: { recency: 0, rating: 0, reviews: 0, inStock: 0.3, discount: 3, recommended: 0 },
        facets: ['brand', 'category', 'price'],
        triggers: [],
      },
    ],
    facets: FACETS,
    sortableAttributes: ['price', 'discountRate'],
    redirects: [],
    autocompleteActivated: false,
    serviceAccounts: [{ clientId: 'outlet-reader', clientSecret: 'outlet-secret' }],
    accessTokenTtlSeconds: 300,
  };
  return emulatorConfigSchema.parse({
    catalog: { items: 20_000, seed: 42, referenceDate: '2026-11-01T00:00:00Z' },
    tenants: [demo, outlet],
  });
}

/** Reads a configuration file, with errors that name the field. */
export async function loadEmulatorConfig(file: string): Promise<EmulatorConfig> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  const parsed = emulatorConfigSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file} is not a valid emulator configuration: ${describeIssues(zodIssues(parsed.error), 5)}`);
  return checkReferences(parsed.data, file);
}

/** Cross-field checks zod cannot express: ids that must point somewhere. */
export function checkReferences(config: EmulatorConfig, where = 'configuration'): EmulatorConfig {
  for (const t of config.tenants) {
    const facetIds = new Set(t.facets.map((f) => f.id));
    if (!t.configurations.some((c) => c.id === t.defaultConfigurationId)) {
      throw new Error(
        `${where}: tenant ${t.id} has defaultConfigurationId ${t.defaultConfigurationId}, which is not one of its configurations.`,
      );
    }
    for (const c of t.configurations) {
      for (const f of c.facets)
        if (!facetIds.has(f))
          throw new Error(`${where}: configuration ${t.id}/${c.id} lists facet ${f}, which tenant ${t.id} does not define.`);
    }
  }
  return config;
}

/** A tenant's tracker key: its own, or one made from its id. */
export const trackerKeyOf = (tenant: TenantConfig): string => tenant.trackerKey ?? `${tenant.id}-tracker-key`;
