import { useMemo } from 'react';
import type { CatalogAttributeView } from '@shared/catalog';
import { isRangeFacet } from '@shared/suggest';
import type { Facet, Item } from '@shared/request';
import type { AttributeInfo, LanguageContext } from '../editors/language-context';

/**
 * What the editors know about the catalog: the attribute schema from the
 * item-catalog service when the profile can read it, the fields seen in the
 * last response otherwise, and facet values from the last response's facets.
 */
export function useLanguageContext(
  catalog: CatalogAttributeView[] | undefined,
  facets: Facet[] | undefined,
  samples: Item[],
): LanguageContext {
  return useMemo(() => {
    const byName = new Map<string, AttributeInfo>();
    for (const a of catalog ?? []) byName.set(a.name, { name: a.name, type: a.type, sortable: a.sortable, facetable: a.facetable });
    for (const item of samples.slice(0, 50)) {
      for (const [name, value] of Object.entries(item.product ?? {})) {
        if (!byName.has(name)) byName.set(name, { name, type: Array.isArray(value) ? 'list' : typeof value });
      }
    }
    for (const f of facets ?? []) {
      const name = f.attribute ?? f.id;
      const entry = byName.get(name) ?? { name };
      if (!isRangeFacet(f)) entry.facetValues = f.values.map((v) => v.value);
      byName.set(name, { ...entry, facetable: true });
    }
    const attributes = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
    return { attributes: () => attributes, samples: () => samples };
  }, [catalog, facets, samples]);
}
