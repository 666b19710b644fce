import type { CatalogAttributeView } from '../catalog';
import type { Facet, FacetValue, Item } from '../request';

/** A facet whose values are buckets ("Under 25", "50 to 100") rather than attribute values: no use for grouping or completion. */
export function isRangeFacet(facet: Facet): boolean {
  return facet.values.some((v) => /^\d+(\.\d+)? (to|and)\b/i.test(v.value) || /^(under|over|below|above) \d/i.test(v.value));
}

export interface GroupableAttribute {
  name: string;
  /** The facet's values with their counts for the current query, when a facet for it was seen. */
  values: FacetValue[];
  /** Where the attribute is known from. */
  source: 'catalog' | 'facets' | 'catalog+facets';
  /** False when only a facet vouches for it and no sample item showed whether it holds one value or a list. */
  verified: boolean;
}

/**
 * Attributes a product suggest can group on (§4.9): single-valued and
 * facetable. The catalog schema decides when the profile can read it; facets
 * seen in a search fill in where it cannot, checked against sample items so
 * list attributes stay out.
 */
export function groupableAttributes(
  catalog: readonly CatalogAttributeView[] | undefined,
  facets: readonly Facet[],
  samples: readonly Item[],
): GroupableAttribute[] {
  const out = new Map<string, GroupableAttribute>();
  const schema = new Map((catalog ?? []).map((a) => [a.name, a]));
  const facetByAttribute = new Map<string, Facet>();
  for (const f of facets) facetByAttribute.set(f.attribute ?? f.id, f);

  for (const a of catalog ?? []) {
    if (!a.facetable || a.multiValued) continue;
    const facet = facetByAttribute.get(a.name);
    if (facet && isRangeFacet(facet)) continue;
    out.set(a.name, { name: a.name, values: facet?.values ?? [], source: facet ? 'catalog+facets' : 'catalog', verified: true });
  }
  for (const [name, facet] of facetByAttribute) {
    if (out.has(name) || schema.has(name) || isRangeFacet(facet)) continue;
    const seen = samples.map((i) => i.product?.[name]).filter((v) => v !== undefined);
    if (seen.some((v) => Array.isArray(v))) continue;
    out.set(name, { name, values: facet.values, source: 'facets', verified: seen.length > 0 });
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Splits pasted or typed values: one per line, or comma-separated on one line; trimmed, without repeats. */
export function splitValues(text: string): string[] {
  const parts = text.includes('\n') ? text.split(/\r?\n/) : text.split(',');
  return [...new Set(parts.map((p) => p.trim()).filter((p) => p !== ''))];
}
