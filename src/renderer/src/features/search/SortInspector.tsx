import { CheckCircle2, AlertTriangle } from 'lucide-react';
import type { OrderCheck, SortValue } from '@shared/request';

/** The sort chain in effect and whether the returned order really follows it (a QA aid). */
export function SortInspector({ sortBy, check }: { sortBy: SortValue[]; check: OrderCheck | null }) {
  if (sortBy.length === 0) return <p className="muted small">Relevance order (no sort). Scores should not increase down the list.</p>;
  return (
    <div className="sort-inspector" data-testid="sort-inspector">
      <ol className="sort-chain">
        {sortBy.map((s, i) => (
          <li key={i}>
            <span className="mono">{s.attribute}</span> {s.order === 'desc' ? 'descending' : 'ascending'}
          </li>
        ))}
      </ol>
      {check === null ? null : check.products < 2 ? (
        <p className="muted small" data-testid="order-check">
          {check.products === 0 ? 'No products in this answer: nothing to check.' : 'One product in this answer: no order to check.'}
        </p>
      ) : check.missing.length > 0 ? (
        <p className="notice-inline">
          <AlertTriangle size={14} aria-hidden="true" /> Cannot check the order: {check.missing.join(', ')}{' '}
          {check.missing.length === 1 ? 'is' : 'are'} not in the returned products (masked out?).
        </p>
      ) : check.violations.length === 0 ? (
        <p className="order-ok" data-testid="order-check">
          <CheckCircle2 size={14} aria-hidden="true" /> The returned order follows the sort chain.
        </p>
      ) : (
        <p className="order-bad" data-testid="order-check">
          <AlertTriangle size={14} aria-hidden="true" /> {check.violations.length} item{check.violations.length === 1 ? '' : 's'} out of
          order (highlighted).
        </p>
      )}
    </div>
  );
}
