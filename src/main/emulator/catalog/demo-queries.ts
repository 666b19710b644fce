import type { CatalogItem } from './generate';
import { PRODUCT_TYPES } from './vocabulary';

/**
 * The Local demo's query set: shopper queries of the shapes a real search
 * log has — a product type, colour + type, a brand, brand + type, gender +
 * type, a feature, misspellings, several attributes at once, and queries the
 * catalog has nothing for — each with the intent a judge reads (its note)
 * and that the demo ratings are computed from.
 */
export interface Intent {
  /** Categories (the last segment of categoryPath) the shopper means; empty or absent: any product type. */
  categories?: string[];
  colour?: string;
  brand?: string;
  /** Women, Men or Kids; a Unisex item fits Women and Men. */
  gender?: string;
  /** A tag the item must carry, e.g. waterproof. */
  tag?: string;
  /** The shop sells nothing of the kind: every item is irrelevant. */
  nothing?: boolean;
  /** The very product the shopper named (in the item's title): other items of its category are a step down. */
  noun?: string;
}

export interface DemoQuery {
  query: string;
  intent: Intent;
  /** The information need, as a judge reads it. */
  note: string;
  /** Left without ratings in the demo list, so the judging queue has real work to show. */
  unjudged?: boolean;
}

const RUNNING = ['Road Running Shoes', 'Trail Running Shoes'];
const JACKETS = ['Jackets'];

const type = (query: string, categories: string[], note: string, noun?: string): DemoQuery => ({
  query,
  intent: { categories, ...(noun ? { noun } : {}) },
  note,
});

/** ≥ 100 queries; order is the query set's order. */
export const DEMO_QUERIES: DemoQuery[] = [
  // A product type, as shoppers type it.
  type('running shoes', RUNNING, 'Running shoes of any kind, road or trail.'),
  type('trail running shoes', ['Trail Running Shoes'], 'Trail running shoes; road shoes are a poor second.'),
  type('road running shoes', ['Road Running Shoes'], 'Road running shoes; trail shoes are a poor second.'),
  type('sneakers', ['Sneakers'], 'Lifestyle sneakers.'),
  type('hiking boots', ['Hiking Boots'], 'Hiking or trekking boots.'),
  type('sandals', ['Sandals'], 'Sandals or slides.'),
  type('t-shirt', ['T-Shirts'], 'A t-shirt.'),
  type('hoodie', ['Hoodies'], 'A hoodie, zip or pullover.'),
  type('rain jacket', JACKETS, 'A rain jacket; another kind of jacket is a step down.', 'Rain Jacket'),
  type('down jacket', JACKETS, 'A down jacket; another kind of jacket is a step down.', 'Down Jacket'),
  type('parka', JACKETS, 'A parka; another kind of jacket is a step down.', 'Parka'),
  type('windbreaker', JACKETS, 'A windbreaker; another kind of jacket is a step down.', 'Windbreaker'),
  type('softshell jacket', JACKETS, 'A softshell jacket; another kind of jacket is a step down.', 'Softshell Jacket'),
  type('jeans', ['Jeans'], 'Jeans, any cut.'),
  type('leggings', ['Leggings'], 'Leggings or tights.'),
  type('running tights', ['Leggings'], 'Running tights; other leggings are a step down.', 'Running Tights'),
  type('yoga leggings', ['Leggings'], 'Yoga leggings; other leggings are a step down.', 'Yoga Leggings'),
  type('shorts', ['Shorts'], 'Shorts of any kind.'),
  type('board shorts', ['Shorts'], 'Board shorts for the beach; other shorts are a step down.', 'Board Shorts'),
  type('dress', ['Dresses'], 'A dress.'),
  type('wrap dress', ['Dresses'], 'A wrap dress; another dress is a step down.', 'Wrap Dress'),
  type('kids jacket', ['Kids Jackets'], "A children's jacket."),
  type('kids sneakers', ['Kids Sneakers'], "Children's sneakers."),
  type('backpack', ['Backpacks'], 'A backpack or daypack.'),
  type('daypack', ['Backpacks'], 'A daypack; a bigger pack is a step down.', 'Daypack'),
  type('beanie', ['Caps & Beanies'], 'A beanie; a cap or hat is a step down.', 'Beanie'),
  type('cap', ['Caps & Beanies'], 'A cap; a beanie or hat is a step down.', 'Cap'),
  type('bucket hat', ['Caps & Beanies'], 'A bucket hat; a cap or beanie is a step down.', 'Bucket Hat'),
  type('socks', ['Socks'], 'Socks.'),
  type('hiking socks', ['Socks'], 'Hiking socks; other socks are a step down.', 'Hiking Socks'),
  type('gps watch', ['Watches'], 'A GPS watch; a plain sport watch is a step down.', 'GPS Watch'),
  type('tent', ['Tents'], 'A tent.'),
  type('family tent', ['Tents'], 'A family tent; a smaller tent is a step down.', 'Family Tent'),
  type('sleeping bag', ['Sleeping Bags'], 'A sleeping bag or quilt.'),
  // Colour + type.
  ...(
    [
      ['black hoodie', 'Black', ['Hoodies']],
      ['red dress', 'Red', ['Dresses']],
      ['navy jacket', 'Navy', JACKETS],
      ['white sneakers', 'White', ['Sneakers']],
      ['grey leggings', 'Grey', ['Leggings']],
      ['olive backpack', 'Olive', ['Backpacks']],
      ['pink running shoes', 'Pink', RUNNING],
      ['black jeans', 'Black', ['Jeans']],
      ['teal t-shirt', 'Teal', ['T-Shirts']],
      ['charcoal beanie', 'Charcoal', ['Caps & Beanies']],
      ['sand shorts', 'Sand', ['Shorts']],
      ['burgundy dress', 'Burgundy', ['Dresses']],
      ['black rain jacket', 'Black', JACKETS],
      ['white t-shirt', 'White', ['T-Shirts']],
      ['navy hoodie', 'Navy', ['Hoodies']],
      ['black sandals', 'Black', ['Sandals']],
      ['forest green jacket', 'Forest Green', JACKETS],
      ['sky blue dress', 'Sky Blue', ['Dresses']],
    ] as const
  ).map(([query, colour, categories]) => ({
    query,
    intent: { categories: [...categories], colour },
    note: `${colour} ${categories[0]!.toLowerCase()} — another colour is only partly what was asked.`,
  })),
  // A brand alone.
  ...['Arc Peak', 'Northvale', 'Stridewell', 'Korvo', 'Nordhem', 'Fenwick & Hart', 'Bluefjord', 'Halden'].map((brand) => ({
    query: brand.toLowerCase(),
    intent: { brand },
    note: `Anything from ${brand}.`,
  })),
  // Brand + type.
  ...(
    [
      ['arc peak jacket', 'Arc Peak', JACKETS],
      ['northvale backpack', 'Northvale', ['Backpacks']],
      ['stridewell running shoes', 'Stridewell', RUNNING],
      ['korvo hoodie', 'Korvo', ['Hoodies']],
      ['halden tent', 'Halden', ['Tents']],
      ['mistral dress', 'Mistral', ['Dresses']],
      ['bluefjord sandals', 'Bluefjord', ['Sandals']],
      ['vantage run shorts', 'Vantage Run', ['Shorts']],
      ['nordhem down jacket', 'Nordhem', JACKETS],
      ['tessel leggings', 'Tessel', ['Leggings']],
    ] as const
  ).map(([query, brand, categories]) => ({
    query,
    intent: { categories: [...categories], brand },
    note: `${categories[0]} by ${brand}; the same type from another brand is only partly right.`,
  })),
  // Gender + type.
  ...(
    [
      ["women's running shoes", 'Women', RUNNING],
      ['mens hiking boots', 'Men', ['Hiking Boots']],
      ['womens leggings', 'Women', ['Leggings']],
      ["men's jeans", 'Men', ['Jeans']],
      ["women's rain jacket", 'Women', JACKETS],
      ['mens t-shirt', 'Men', ['T-Shirts']],
      ['womens hoodie', 'Women', ['Hoodies']],
      ["men's shorts", 'Men', ['Shorts']],
    ] as const
  ).map(([query, gender, categories]) => ({
    query,
    intent: { categories: [...categories], gender },
    note: `${categories[0]} for ${gender.toLowerCase()} (unisex fits too).`,
  })),
  // A feature.
  {
    query: 'waterproof hiking boots',
    intent: { categories: ['Hiking Boots'], tag: 'waterproof' },
    note: 'Hiking boots that are waterproof.',
  },
  { query: 'waterproof jacket', intent: { categories: JACKETS, tag: 'waterproof' }, note: 'A waterproof jacket.' },
  { query: 'lightweight tent', intent: { categories: ['Tents'], tag: 'lightweight' }, note: 'A tent that is light to carry.' },
  { query: 'running shoes sale', intent: { categories: RUNNING, tag: 'sale' }, note: 'Running shoes on sale.' },
  { query: 'eco backpack', intent: { categories: ['Backpacks'], tag: 'eco' }, note: 'A backpack made sustainably (eco).' },
  { query: 'new sneakers', intent: { categories: ['Sneakers'], tag: 'new' }, note: 'Sneakers that just came in.' },
  // Misspellings.
  type('runing shoes', RUNNING, 'Running shoes (misspelt).'),
  type('hodie', ['Hoodies'], 'A hoodie (misspelt).'),
  type('sneekers', ['Sneakers'], 'Sneakers (misspelt).'),
  type('backpak', ['Backpacks'], 'A backpack (misspelt).'),
  type('leggins', ['Leggings'], 'Leggings (misspelt).'),
  type('sandles', ['Sandals'], 'Sandals (misspelt).'),
  type('jakcet', JACKETS, 'A jacket (misspelt).'),
  type('hikking boots', ['Hiking Boots'], 'Hiking boots (misspelt).'),
  type('sleping bag', ['Sleeping Bags'], 'A sleeping bag (misspelt).'),
  type('tshirt', ['T-Shirts'], 'A t-shirt (written as one word).'),
  // Several attributes at once — left unjudged in the demo list: the judging queue's work.
  ...(
    [
      ['black waterproof jacket women', { categories: JACKETS, colour: 'Black', tag: 'waterproof', gender: 'Women' }],
      ['navy kids jacket', { categories: ['Kids Jackets'], colour: 'Navy' }],
      ["red trail running shoes men's", { categories: ['Trail Running Shoes'], colour: 'Red', gender: 'Men' }],
      ['grey arc peak hoodie', { categories: ['Hoodies'], colour: 'Grey', brand: 'Arc Peak' }],
      ['white womens sneakers', { categories: ['Sneakers'], colour: 'White', gender: 'Women' }],
      ['olive hiking shorts', { categories: ['Shorts'], colour: 'Olive' }],
      ['black gps watch', { categories: ['Watches'], colour: 'Black' }],
      ['cream dress', { categories: ['Dresses'], colour: 'Cream' }],
      ['mustard beanie', { categories: ['Caps & Beanies'], colour: 'Mustard' }],
      ['teal backpack', { categories: ['Backpacks'], colour: 'Teal' }],
      ['pink leggings', { categories: ['Leggings'], colour: 'Pink' }],
      ['navy jeans', { categories: ['Jeans'], colour: 'Navy' }],
    ] as const
  ).map(([query, intent]) => ({
    query,
    intent: { ...intent, categories: [...intent.categories] },
    note: `Exactly this: ${query}. Each attribute that differs makes it less relevant.`,
    unjudged: true,
  })),
  // Nothing in the catalog is what these want.
  ...['snowboard', 'iphone case', 'garden hose', 'perfume', 'laptop sleeve', 'coffee maker', 'wedding ring', 'golf clubs'].map((query) => ({
    query,
    intent: { nothing: true },
    note: 'The shop does not sell this: nothing is relevant.',
  })),
];

/** Each category's family: its department and the middle segment of its path (Shoes > Running). */
const FAMILY = new Map(PRODUCT_TYPES.map((t) => [t.path[2], `${t.path[0]} > ${t.path[1]}`]));
const familyOf = (item: CatalogItem) => item.categoryPath.split(' > ').slice(0, 2).join(' > ');

/**
 * How relevant an item is to an intent, 0–3, from catalog attributes only
 * (never from any configuration's scores):
 *
 * - content (guides), items of another department, and every item for a
 *   query the shop has nothing for: 0;
 * - the product type: the item's category is one the query means, or a
 *   sibling category of the same family (trail shoes for "road running
 *   shoes"), or neither (0);
 * - then the other attributes the query names (colour, brand, gender — a
 *   Unisex item fits Women and Men — and a tag): all of them fit → 3 on the
 *   right category, 2 on a sibling; some fit → 2 / 1; none → 1 / 0;
 * - a query that names the very product ("rain jacket", "daypack") gives 3
 *   only to items with that name in their title, 2 to the rest of the
 *   category, and 1 to an item of that name in another department (a kids'
 *   rain jacket);
 * - a query that names no type is about its attributes alone: all fit → 3,
 *   some → 1, none → 0;
 * - an item out of stock is at most 1: the shopper cannot buy it.
 */
/**
 * A demo query's intent as a query set keeps it (the attributes rating rules read): its categories, colour,
 * brand, gender (Women and Men fit Unisex too, as the demo rule says) and tag, by the catalog's attribute names.
 * What only the demo rule knows (the very product named, a query the shop cannot answer) is not an attribute.
 */
export function intentOf(intent: Intent): Record<string, string | string[]> {
  const one = (values: string[]) => (values.length === 1 ? values[0]! : values);
  return {
    ...(intent.categories?.length ? { category: one(intent.categories) } : {}),
    ...(intent.colour ? { colour: intent.colour } : {}),
    ...(intent.brand ? { brand: intent.brand } : {}),
    ...(intent.gender ? { gender: intent.gender === 'Kids' ? 'Kids' : [intent.gender, 'Unisex'] } : {}),
    ...(intent.tag ? { tags: intent.tag } : {}),
  };
}

export function relevance(intent: Intent, item: CatalogItem): number {
  if (item.kind !== 'product' || intent.nothing) return 0;
  // What cannot be bought helps nobody much: an item out of stock is at most marginal.
  return item.stock === 0 ? Math.min(1, fitOf(intent, item)) : fitOf(intent, item);
}

function fitOf(intent: Intent, item: CatalogItem): number {
  const categories = intent.categories ?? [];
  const checks: boolean[] = [];
  if (intent.colour) checks.push(item.colour === intent.colour);
  if (intent.brand) checks.push(item.brand === intent.brand);
  if (intent.gender) checks.push(item.gender === intent.gender || (item.gender === 'Unisex' && intent.gender !== 'Kids'));
  if (intent.tag) checks.push(item.tags.includes(intent.tag));
  const fit = checks.filter(Boolean).length;
  const all = fit === checks.length;
  if (categories.length === 0) return checks.length === 0 ? 0 : all ? 3 : fit > 0 ? 1 : 0;
  const exact = categories.includes(item.category);
  const sibling = !exact && categories.some((c) => FAMILY.get(c) === familyOf(item));
  // The very product named, from another department (a kids' rain jacket for "rain jacket"): marginal.
  if (!exact && !sibling) return intent.noun && item.title.toLowerCase().includes(intent.noun.toLowerCase()) ? 1 : 0;
  // The very product named scores 3; another of its category is a step down.
  const top = exact && (!intent.noun || item.title.toLowerCase().includes(intent.noun.toLowerCase())) ? 3 : 2;
  if (checks.length === 0) return exact ? top : 1;
  if (all) return exact ? top : 2;
  if (fit > 0) return exact ? 2 : 1;
  return exact ? 1 : 0;
}
