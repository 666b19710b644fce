import { useRef } from 'react';
import type { Facet, SearchRequest } from '@shared/request';
import { rovingRowProps, useRovingList } from '../../components/roving';
import { useAppStore } from '../../store/store';

type FacetValue = Facet['values'][number];

/**
 * A facet's values as listed: the selected ones pinned at the top in the
 * order they were picked (so a click never moves what was clicked), then the
 * rest in the service's order.
 */
export function orderFacetValues(values: FacetValue[], picked: readonly (string | number | boolean)[]): FacetValue[] {
  const order = new Map(picked.map((v, i) => [String(v), i]));
  const isPicked = (v: FacetValue) => v.selected || order.has(v.value);
  const pinned = values.filter(isPicked).sort((a, b) => (order.get(a.value) ?? Infinity) - (order.get(b.value) ?? Infinity));
  return [...pinned, ...values.filter((v) => !isPicked(v))];
}

/**
 * Every facet the service returned, with its values and counts. Clicking a
 * value toggles it in the request (OR within a facet, AND across facets)
 * and sends again; selected values stay listed even at zero.
 */
export function FacetInspector({
  tabId,
  facets,
  request,
  sent,
}: {
  tabId: string;
  facets: Facet[] | undefined;
  request: SearchRequest;
  sent: SearchRequest | undefined;
}) {
  const toggle = useAppStore((s) => s.toggleFacetValue);
  const container = useRef<HTMLDivElement>(null);
  const disabled = (sent?.options?.disable ?? []).some((d) => d.name === 'facet');
  const picked = new Map((request.options?.facets ?? []).map((f) => [f.id ?? f.attribute ?? '', f.values]));
  const listed = (facets ?? []).map((facet) => ({ facet, values: orderFacetValues(facet.values, picked.get(facet.id) ?? []) }));
  // Every value of every facet is one list with one Tab stop: up/down, Home, End, PgUp, PgDn move; Enter or Space toggles.
  const roving = useRovingList(
    container,
    listed.reduce((n, f) => n + f.values.length, 0),
    tabId,
    { pageRows: 8 },
  );
  if (!facets) return <p className="muted small">Send a request to see its facets.</p>;
  if (disabled)
    return <p className="notice-inline">Facets were disabled for this request (options.disable: facet). Selections still filter.</p>;
  if (facets.length === 0) return <p className="muted small">The answer has no facets: none are configured for this configuration.</p>;
  return (
    <div className="facets" data-testid="facet-inspector" ref={container} onKeyDown={roving.onKeyDown}>
      {listed.map(({ facet, values }, f) => {
        const first = listed.slice(0, f).reduce((n, l) => n + l.values.length, 0);
        return (
          <section key={facet.id} className="facet" aria-label={`Facet ${facet.title}`}>
            <header className="facet__head">
              <h3>{facet.title}</h3>
              <span className="facet__meta mono" title={`id ${facet.id}, attribute ${facet.attribute ?? facet.id}`}>
                {facet.id}
                {facet.attribute && facet.attribute !== facet.id ? ` · ${facet.attribute}` : ''} · {facet.count.toLocaleString('en-US')}
              </span>
            </header>
            <ul className="facet__values">
              {values.map((v, k) => {
                const isSelected = v.selected || (picked.get(facet.id) ?? []).some((p) => String(p) === v.value);
                return (
                  <li key={v.value}>
                    <button
                      type="button"
                      {...rovingRowProps(first + k, roving.active, roving.onRowFocus)}
                      className={`facet-value${isSelected ? ' is-selected' : ''}${v.count === 0 ? ' is-empty' : ''}`}
                      aria-pressed={isSelected}
                      onClick={() => toggle(tabId, facet.id, v.value)}
                    >
                      <span className="facet-value__check" aria-hidden="true" />
                      <span className="facet-value__label">{v.value}</span>
                      <span className="facet-value__count">{v.count.toLocaleString('en-US')}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
