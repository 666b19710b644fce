import { Random } from './random';
import { BRANDS, COLOURS, GUIDE_TOPICS, PREMIUM_BRANDS, PRODUCT_TYPES, SIZE_SCALES, TAGS, type ProductType } from './vocabulary';

/** One catalog item, flat: every attribute filters, facets and sorts by name. */
export interface CatalogItem {
  id: string;
  title: string;
  description: string;
  brand: string;
  category: string;
  categoryPath: string;
  department: string;
  gender: string;
  colour: string;
  sizes: string[];
  material: string;
  price: number;
  discountRate: number;
  rating: number;
  reviewCount: number;
  stock: number;
  created: string;
  tags: string[];
  kind: 'product' | 'content';
  recommended: boolean;
  [attribute: string]: unknown;
}

export interface CatalogOptions {
  items: number;
  seed: number;
  /** Creation dates fall in the two years before this day, so the same seed gives the same catalog. */
  referenceDate: string;
}

export const DEFAULT_CATALOG: CatalogOptions = { items: 20_000, seed: 42, referenceDate: '2026-11-01T00:00:00Z' };

const DAY = 86_400_000;

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Prices end like shop prices: 49.99, 119.00, 24.95. */
function shopPrice(rng: Random, [min, max]: readonly [number, number]): number {
  const base = min + Math.pow(rng.next(), 1.6) * (max - min);
  const ending = rng.pick([0.99, 0.99, 0.95, 0, 0.5]);
  return round2(Math.max(1, Math.floor(base) + ending));
}

function description(rng: Random, type: ProductType, material: string, features: string[], colour: string): string {
  const noun = type.nouns[0] as string;
  const openers = [
    `A ${noun.toLowerCase()} in ${material}`,
    `Made from ${material}, this ${noun.toLowerCase()}`,
    `Our ${colour.toLowerCase()} ${noun.toLowerCase()} in ${material}`,
  ];
  const uses = ['everyday wear', 'long days on the trail', 'city commutes', 'race day', 'weekend adventures', 'training sessions'];
  return `${rng.pick(openers)} built for ${rng.pick(uses)}, with ${features.join(' and ')}.`;
}

// Weight tables and joined paths built once, not per item: generating 200,000 items used to
// allocate ~70 short-lived arrays each, and the garbage collector showed it.
const TYPE_WEIGHTS = PRODUCT_TYPES.map((t) => [t, t.weight] as const);
const BRAND_WEIGHTS = BRANDS.map((b, i) => [b, 1 / (i + 3)] as const);
const COLOUR_WEIGHTS = COLOURS.map((c, i) => [c, i < 4 ? 4 : 1] as const);
const CATEGORY_PATHS = new Map(PRODUCT_TYPES.map((t) => [t, t.path.join(' > ')]));

function product(rng: Random, index: number, reference: number): CatalogItem {
  const type = rng.weighted(TYPE_WEIGHTS);
  const brand = rng.weighted(BRAND_WEIGHTS);
  const model = `${rng.pick(type.models)}${rng.chance(0.4) ? ` ${rng.int(2, 9)}` : ''}`;
  const noun = rng.pick(type.nouns);
  const colour = rng.weighted(COLOUR_WEIGHTS);
  const material = rng.pick(type.materials);
  const features = rng.sample(type.features, rng.int(1, 2));
  const gender = rng.pick(type.genders);
  const scale = SIZE_SCALES[type.sizes];
  const start = rng.int(0, Math.max(0, scale.length - 3));
  const sizes = scale.length <= 1 ? [...scale] : scale.slice(start, start + rng.int(2, scale.length - start));
  const premium = (PREMIUM_BRANDS as readonly string[]).includes(brand);
  const price = shopPrice(rng, premium ? [type.price[0] * 1.3, type.price[1] * 1.4] : type.price);
  const onSale = rng.chance(0.18);
  const ageDays = Math.floor(Math.pow(rng.next(), 1.5) * 730);
  const tags = new Set<string>(rng.sample(TAGS, rng.int(0, 2)));
  if (onSale) tags.add('sale');
  else tags.delete('sale');
  if (ageDays < 45) tags.add('new');
  else tags.delete('new');
  if (features.some((f) => /waterproof/i.test(f))) tags.add('waterproof');
  const reviewCount = rng.pareto(12);
  const rating = reviewCount === 0 ? 0 : round2(Math.min(5, Math.max(1, 4.2 + (rng.next() - 0.6) * 1.8 + (premium ? 0.2 : 0))));
  const title = `${brand} ${model} ${gender === 'Women' || gender === 'Men' ? `${gender}'s ` : gender === 'Kids' ? '' : ''}${noun}`;
  return {
    id: `SKU-${String(100000 + index)}`,
    title,
    description: description(rng, type, material, features, colour),
    brand,
    category: type.path[2],
    categoryPath: CATEGORY_PATHS.get(type) as string,
    department: type.path[0],
    gender,
    colour,
    sizes,
    material,
    price,
    discountRate: onSale ? rng.pick([0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5]) : 0,
    rating,
    reviewCount,
    stock: rng.chance(0.1) ? 0 : rng.int(1, 240),
    created: new Date(reference - ageDays * DAY - rng.int(0, DAY - 1)).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    tags: [...tags].sort(),
    kind: 'product',
    recommended: rng.chance(0.1),
  };
}

function guide(rng: Random, index: number, reference: number): CatalogItem {
  const [title, department] = rng.pick(GUIDE_TOPICS);
  return {
    id: `GUIDE-${String(100000 + index)}`,
    title,
    description: `${title}: a buying guide from our staff, with the questions to ask and the products we would choose.`,
    brand: 'Journal',
    category: 'Guides',
    categoryPath: `${department} > Guides > Guides`,
    department,
    gender: 'Unisex',
    colour: 'None',
    sizes: [],
    material: 'None',
    price: 0,
    discountRate: 0,
    rating: 0,
    reviewCount: 0,
    stock: 0,
    created: new Date(reference - rng.int(0, 730) * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    tags: ['guide'],
    kind: 'content',
    recommended: false,
  };
}

/** A deterministic catalog: the same options give the same items, in the same order. */
export function generateCatalog(options: Partial<CatalogOptions> = {}): CatalogItem[] {
  const { items, seed, referenceDate } = { ...DEFAULT_CATALOG, ...options };
  const rng = new Random(seed);
  const reference = Date.parse(referenceDate);
  const out: CatalogItem[] = new Array(items);
  for (let i = 0; i < items; i++) out[i] = rng.chance(0.015) ? guide(rng, i, reference) : product(rng, i, reference);
  return out;
}
