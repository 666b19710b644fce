/**
 * The demo catalog's vocabulary: a sports and outdoor apparel retailer with
 * invented but real-sounding brands. Data only; the generator combines it.
 */

export const BRANDS = [
  'Northvale',
  'Arc Peak',
  'Stridewell',
  'Korvo',
  'Lumen & Co',
  'Bluefjord',
  'Tessel',
  'Halden',
  'Oakmoor',
  'Vantage Run',
  'Mistral',
  'Cobalt Athletics',
  'Juniper Lane',
  'Ridgeback',
  'Solano',
  'Fenwick & Hart',
  'Alder Supply',
  'Pico Sport',
  'Nordhem',
  'Urbana',
] as const;

/** Brands the demo triggers treat as premium (the `segment = premium` boost). */
export const PREMIUM_BRANDS = ['Arc Peak', 'Fenwick & Hart', 'Nordhem', 'Lumen & Co'] as const;

export const COLOURS = [
  'Black',
  'White',
  'Navy',
  'Grey',
  'Red',
  'Olive',
  'Sand',
  'Forest Green',
  'Burgundy',
  'Sky Blue',
  'Charcoal',
  'Cream',
  'Pink',
  'Mustard',
  'Teal',
] as const;

export const GENDERS = ['Women', 'Men', 'Unisex', 'Kids'] as const;

export type SizeScale = 'shoe' | 'apparel' | 'kids' | 'one' | 'litre';

export const SIZE_SCALES: Record<SizeScale, readonly string[]> = {
  shoe: ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46', '47'],
  apparel: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  kids: ['4Y', '6Y', '8Y', '10Y', '12Y', '14Y'],
  one: ['One Size'],
  litre: ['20L', '30L', '45L', '65L'],
};

export interface ProductType {
  /** Category path from the top: department > group > leaf. */
  path: readonly [string, string, string];
  nouns: readonly string[];
  models: readonly string[];
  materials: readonly string[];
  features: readonly string[];
  sizes: SizeScale;
  price: readonly [number, number];
  genders: readonly (typeof GENDERS)[number][];
  weight: number;
}

export const PRODUCT_TYPES: readonly ProductType[] = [
  {
    path: ['Shoes', 'Running', 'Road Running Shoes'],
    nouns: ['Running Shoe', 'Road Runner', 'Trainer'],
    models: ['Tempo', 'Glide', 'Pace', 'Swift', 'Aero', 'Drift'],
    materials: ['engineered mesh', 'knit upper', 'recycled mesh'],
    features: ['responsive foam', 'carbon plate', 'reflective details', 'wide toe box'],
    sizes: 'shoe',
    price: [59, 229],
    genders: ['Women', 'Men'],
    weight: 10,
  },
  {
    path: ['Shoes', 'Running', 'Trail Running Shoes'],
    nouns: ['Trail Shoe', 'Trail Runner'],
    models: ['Ridge', 'Scree', 'Talus', 'Summit', 'Switchback'],
    materials: ['ripstop mesh', 'abrasion-resistant upper'],
    features: ['rock plate', 'lugged outsole', 'waterproof membrane', 'gaiter loop'],
    sizes: 'shoe',
    price: [79, 219],
    genders: ['Women', 'Men'],
    weight: 6,
  },
  {
    path: ['Shoes', 'Lifestyle', 'Sneakers'],
    nouns: ['Sneaker', 'Court Shoe', 'Low-Top'],
    models: ['Classic', 'Court', 'Metro', 'Heritage', 'Canvas'],
    materials: ['leather', 'suede', 'canvas', 'vegan leather'],
    features: ['cupsole', 'padded collar', 'organic cotton laces'],
    sizes: 'shoe',
    price: [49, 169],
    genders: ['Women', 'Men', 'Unisex'],
    weight: 9,
  },
  {
    path: ['Shoes', 'Outdoor', 'Hiking Boots'],
    nouns: ['Hiking Boot', 'Trekking Boot', 'Mid Boot'],
    models: ['Fjell', 'Alpine', 'Granite', 'Timberline'],
    materials: ['nubuck', 'full-grain leather', 'synthetic'],
    features: ['waterproof membrane', 'ankle support', 'Vibram-style outsole'],
    sizes: 'shoe',
    price: [99, 289],
    genders: ['Women', 'Men'],
    weight: 5,
  },
  {
    path: ['Shoes', 'Outdoor', 'Sandals'],
    nouns: ['Sandal', 'Sport Sandal', 'Slide'],
    models: ['Tide', 'Cove', 'Riverside'],
    materials: ['recycled webbing', 'cork footbed', 'EVA'],
    features: ['quick-dry straps', 'contoured footbed'],
    sizes: 'shoe',
    price: [25, 119],
    genders: ['Women', 'Men', 'Unisex'],
    weight: 4,
  },
  {
    path: ['Clothing', 'Tops', 'T-Shirts'],
    nouns: ['T-Shirt', 'Tee', 'Crew Tee'],
    models: ['Essential', 'Everyday', 'Trail', 'Graphic', 'Breeze'],
    materials: ['organic cotton', 'merino wool', 'recycled polyester', 'bamboo blend'],
    features: ['moisture-wicking', 'odour control', 'relaxed fit'],
    sizes: 'apparel',
    price: [15, 69],
    genders: ['Women', 'Men', 'Unisex'],
    weight: 12,
  },
  {
    path: ['Clothing', 'Tops', 'Hoodies'],
    nouns: ['Hoodie', 'Zip Hoodie', 'Pullover Hoodie'],
    models: ['Campus', 'Fleece', 'Lounge', 'Basecamp'],
    materials: ['brushed fleece', 'organic cotton', 'recycled cotton'],
    features: ['kangaroo pocket', 'thumb loops', 'oversized fit'],
    sizes: 'apparel',
    price: [39, 129],
    genders: ['Women', 'Men', 'Unisex'],
    weight: 8,
  },
  {
    path: ['Clothing', 'Outerwear', 'Jackets'],
    nouns: ['Rain Jacket', 'Down Jacket', 'Softshell Jacket', 'Windbreaker', 'Parka'],
    models: ['Storm', 'Cirrus', 'Nimbus', 'Polar', 'Gale'],
    materials: ['3-layer shell', 'recycled down', 'ripstop nylon', 'softshell'],
    features: ['waterproof', 'packable', 'adjustable hood', 'pit zips', 'insulated'],
    sizes: 'apparel',
    price: [69, 449],
    genders: ['Women', 'Men'],
    weight: 8,
  },
  {
    path: ['Clothing', 'Bottoms', 'Jeans'],
    nouns: ['Jeans', 'Slim Jeans', 'Straight Jeans'],
    models: ['Denim 501', 'Classic', 'Worker', 'Stretch'],
    materials: ['selvedge denim', 'stretch denim', 'organic cotton denim'],
    features: ['five-pocket', 'tapered leg', 'button fly'],
    sizes: 'apparel',
    price: [49, 179],
    genders: ['Women', 'Men'],
    weight: 6,
  },
  {
    path: ['Clothing', 'Bottoms', 'Leggings'],
    nouns: ['Leggings', 'Running Tights', 'Yoga Leggings'],
    models: ['Flow', 'Sculpt', 'Tempo', 'Studio'],
    materials: ['recycled nylon', 'brushed jersey'],
    features: ['high waist', 'side pocket', 'squat-proof'],
    sizes: 'apparel',
    price: [29, 109],
    genders: ['Women'],
    weight: 6,
  },
  {
    path: ['Clothing', 'Bottoms', 'Shorts'],
    nouns: ['Running Shorts', 'Hiking Shorts', 'Board Shorts'],
    models: ['Split', 'Trail', 'Lido', 'Pacer'],
    materials: ['stretch woven', 'quick-dry nylon'],
    features: ['liner', 'zip pocket', 'lightweight'],
    sizes: 'apparel',
    price: [19, 79],
    genders: ['Women', 'Men'],
    weight: 6,
  },
  {
    path: ['Clothing', 'Dresses', 'Dresses'],
    nouns: ['Dress', 'Wrap Dress', 'Shirt Dress'],
    models: ['Meadow', 'Coastline', 'Linen', 'Sundown'],
    materials: ['linen', 'Tencel', 'organic cotton'],
    features: ['midi length', 'pockets', 'adjustable waist'],
    sizes: 'apparel',
    price: [45, 189],
    genders: ['Women'],
    weight: 4,
  },
  {
    path: ['Kids', 'Clothing', 'Kids Jackets'],
    nouns: ['Kids Rain Jacket', 'Kids Puffer'],
    models: ['Puddle', 'Snowball', 'Explorer'],
    materials: ['recycled polyester', 'fleece-lined shell'],
    features: ['reflective trims', 'grow-with-me cuffs', 'waterproof'],
    sizes: 'kids',
    price: [29, 119],
    genders: ['Kids'],
    weight: 4,
  },
  {
    path: ['Kids', 'Shoes', 'Kids Sneakers'],
    nouns: ['Kids Sneaker', 'Kids Runner'],
    models: ['Skip', 'Dash', 'Bounce'],
    materials: ['mesh', 'canvas'],
    features: ['hook-and-loop straps', 'light-up sole'],
    sizes: 'kids',
    price: [25, 79],
    genders: ['Kids'],
    weight: 4,
  },
  {
    path: ['Accessories', 'Bags', 'Backpacks'],
    nouns: ['Backpack', 'Daypack', 'Trekking Pack'],
    models: ['Commuter', 'Roam', 'Ascent', 'Transit'],
    materials: ['recycled nylon', 'waxed canvas', 'ripstop'],
    features: ['laptop sleeve', 'hydration port', 'rain cover'],
    sizes: 'litre',
    price: [39, 259],
    genders: ['Unisex'],
    weight: 6,
  },
  {
    path: ['Accessories', 'Headwear', 'Caps & Beanies'],
    nouns: ['Cap', 'Beanie', 'Bucket Hat'],
    models: ['Trail', 'Classic', 'Merino', 'Five-Panel'],
    materials: ['merino wool', 'organic cotton', 'recycled polyester'],
    features: ['UPF 50', 'adjustable strap', 'fleece lining'],
    sizes: 'one',
    price: [15, 59],
    genders: ['Unisex'],
    weight: 5,
  },
  {
    path: ['Accessories', 'Socks', 'Socks'],
    nouns: ['Running Socks', 'Hiking Socks', 'Crew Socks'],
    models: ['Cushion', 'Ultralight', 'Merino'],
    materials: ['merino wool', 'recycled nylon'],
    features: ['blister protection', 'arch support', 'seamless toe'],
    sizes: 'apparel',
    price: [9, 29],
    genders: ['Unisex'],
    weight: 6,
  },
  {
    path: ['Accessories', 'Gear', 'Watches'],
    nouns: ['GPS Watch', 'Sport Watch'],
    models: ['Pulse', 'Orbit', 'Vertex'],
    materials: ['aluminium case', 'titanium case'],
    features: ['heart-rate monitor', 'GPS', '14-day battery'],
    sizes: 'one',
    price: [99, 599],
    genders: ['Unisex'],
    weight: 2,
  },
  {
    path: ['Outdoor', 'Camping', 'Tents'],
    nouns: ['Tent', 'Backpacking Tent', 'Family Tent'],
    models: ['Basecamp', 'Ridge', 'Nomad'],
    materials: ['silnylon', 'polyester'],
    features: ['freestanding', '3-season', 'ultralight'],
    sizes: 'one',
    price: [129, 699],
    genders: ['Unisex'],
    weight: 2,
  },
  {
    path: ['Outdoor', 'Camping', 'Sleeping Bags'],
    nouns: ['Sleeping Bag', 'Down Quilt'],
    models: ['Ember', 'Nightfall', 'Hearth'],
    materials: ['recycled down', 'synthetic fill'],
    features: ['-5°C comfort', 'compression sack', 'two-way zip'],
    sizes: 'one',
    price: [79, 449],
    genders: ['Unisex'],
    weight: 2,
  },
];

export const TAGS = ['new', 'sale', 'bestseller', 'eco', 'waterproof', 'breathable', 'limited', 'evening', 'gift', 'lightweight'] as const;

export const GUIDE_TOPICS = [
  ['How to choose trail running shoes', 'Shoes'],
  ['Layering for winter hikes', 'Clothing'],
  ['Caring for down jackets', 'Clothing'],
  ['Finding your running shoe size', 'Shoes'],
  ['Packing list for a weekend camp', 'Outdoor'],
  ['Merino versus synthetic base layers', 'Clothing'],
  ['Waterproof ratings explained', 'Clothing'],
  ['Choosing a backpack for commuting', 'Accessories'],
] as const;
