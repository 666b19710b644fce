import type { Item } from '@shared/request';

/** An item's attributes as the drawer lists them, and those a response mask left out. */
export interface ItemAttributes {
  /** Every product attribute the answer returned: title first, then by name. */
  shown: [name: string, value: unknown][];
  /**
   * With a response mask: the catalog's attributes the answer does not carry (named as masked); an empty list
   * when it carries them all; null when the answer had no mask (an attribute it lacks is simply not set).
   */
  masked: string[] | null;
}

const FIRST = ['title', 'imageUrl'];

export function itemAttributes(
  item: Pick<Item, 'id' | 'product'>,
  mask: string | undefined,
  catalogAttributes: readonly string[] | undefined,
): ItemAttributes {
  const product = item.product ?? {};
  const shown = Object.entries(product).sort(([a], [b]) => {
    const fa = FIRST.indexOf(a);
    const fb = FIRST.indexOf(b);
    if (fa >= 0 || fb >= 0) return (fa < 0 ? FIRST.length : fa) - (fb < 0 ? FIRST.length : fb);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  if (!mask?.trim()) return { shown, masked: null };
  return { shown, masked: (catalogAttributes ?? []).filter((name) => !(name in product)).sort() };
}
