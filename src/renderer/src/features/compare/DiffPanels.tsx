import type { FacetDiff, SearchDiff } from '@shared/diff';

const delta = (a: number | null, b: number | null) =>
  a === null || b === null ? '' : b - a === 0 ? '0' : b - a > 0 ? `+${b - a}` : String(b - a);

const CHANGE_LABEL: Record<string, string> = {
  added: 'only in B',
  removed: 'only in A',
  count: 'count',
  selected: 'selection',
  moved: 'moved',
  same: '',
};

function FacetTable({ facet }: { facet: FacetDiff }) {
  const changed = facet.values.filter((v) => v.change !== 'same');
  return (
    <section className="facet-diff" aria-label={`Facet ${facet.title}`}>
      <header className="facet-diff__head">
        <strong>{facet.title}</strong>
        {facet.presence !== 'both' ? (
          <span className="badge badge--danger">{facet.presence === 'only-a' ? 'only in A' : 'only in B'}</span>
        ) : null}
        <span className="muted small">
          {[
            facet.added && `${facet.added} added`,
            facet.removed && `${facet.removed} removed`,
            facet.countChanges && `${facet.countChanges} counts changed`,
            facet.selectedChanges && `${facet.selectedChanges} selections changed`,
            facet.orderChanged && 'order changed',
          ]
            .filter(Boolean)
            .join(' · ') || 'no change'}
        </span>
      </header>
      {changed.length ? (
        <table className="diff-table">
          <thead>
            <tr>
              <th scope="col">Value</th>
              <th scope="col">A</th>
              <th scope="col">B</th>
              <th scope="col">Δ</th>
              <th scope="col">Place A → B</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {changed.map((v) => (
              <tr key={v.value} className={`c-${v.change}`}>
                <th scope="row">{v.value}</th>
                <td className="n">{v.countA ?? '—'}</td>
                <td className="n">{v.countB ?? '—'}</td>
                <td className="n">{delta(v.countA, v.countB)}</td>
                <td className="n">
                  {v.positionA ?? '—'} → {v.positionB ?? '—'}
                </td>
                <td>
                  {CHANGE_LABEL[v.change]}
                  {v.selectedA !== v.selectedB && v.selectedA !== null && v.selectedB !== null
                    ? ` (${v.selectedA ? 'selected' : 'not'} → ${v.selectedB ? 'selected' : 'not'})`
                    : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** Facets value by value: what is only on one side, counts that moved, selections and order. */
export function FacetDiffPanel({ diff }: { diff: SearchDiff }) {
  if (diff.facets.length === 0) return <p className="muted diff-empty">Neither answer has facets.</p>;
  const ordered = [...diff.facets].sort((x, y) => Number(isQuiet(x)) - Number(isQuiet(y)));
  return (
    <div className="diff-panels" data-testid="facet-diff">
      {ordered.map((f) => (
        <FacetTable key={f.id} facet={f} />
      ))}
    </div>
  );
}

const isQuiet = (f: FacetDiff) =>
  f.presence === 'both' && !f.added && !f.removed && !f.countChanges && !f.selectedChanges && !f.orderChanged;

/** Attribute differences of the items both sides returned. */
export function ProductDiffPanel({ diff }: { diff: SearchDiff }) {
  if (diff.products.length === 0)
    return <p className="muted diff-empty">Every item both sides returned has the same product attributes on both.</p>;
  return (
    <div className="diff-panels" data-testid="product-diff">
      {diff.products.map((p) => (
        <section key={p.id} className="facet-diff">
          <header className="facet-diff__head">
            <strong className="mono">{p.id}</strong>
            <span className="muted small">
              {p.changes.length} attribute{p.changes.length === 1 ? '' : 's'} differ
            </span>
          </header>
          <table className="diff-table">
            <thead>
              <tr>
                <th scope="col">Attribute</th>
                <th scope="col">A</th>
                <th scope="col">B</th>
              </tr>
            </thead>
            <tbody>
              {p.changes.map((c) => (
                <tr key={c.path} className={`c-${c.kind}`}>
                  <th scope="row" className="mono">
                    {c.path || '(whole product)'}
                  </th>
                  <td className="mono">{c.kind === 'added' ? '—' : JSON.stringify(c.a)}</td>
                  <td className="mono">{c.kind === 'removed' ? '—' : JSON.stringify(c.b)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
