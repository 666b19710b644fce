import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import type { RequestDiagnostic } from '@shared/diagnostics';
import type { SortValue } from '@shared/request';
import { DiagnosticLine } from '../components/Field';

export interface SortRowsProps {
  idPrefix: string;
  sortBy: SortValue[];
  sortable: string[];
  onChange: (sortBy: SortValue[]) => void;
  diagnosticsAt: (prefix: string) => RequestDiagnostic[];
  onFix: (d: RequestDiagnostic) => void;
  /** A service error about a row (attribute not sortable) to show on it. */
  serviceErrorRow?: { index: number; message: string } | null;
}

/** The sort chain: attribute and direction per row; the first row takes precedence. */
export function SortRows({ idPrefix, sortBy, sortable, onChange, diagnosticsAt, onFix, serviceErrorRow }: SortRowsProps) {
  const listId = `${idPrefix}-sortable`;
  const set = (i: number, patch: Partial<SortValue>) => onChange(sortBy.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: number) => {
    const next = [...sortBy];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row as SortValue);
    onChange(next);
  };
  return (
    <div className="sort-rows">
      <datalist id={listId}>
        {sortable.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      {sortBy.length === 0 ? <p className="muted small">Relevance order. Add a sort to order by an attribute.</p> : null}
      {sortBy.map((s, i) => (
        <div key={i} className={`sort-row${serviceErrorRow?.index === i ? ' has-error' : ''}`} data-testid={`sort-row-${i}`}>
          <span className="sort-row__rank" aria-hidden="true">
            {i + 1}
          </span>
          <input
            className="input input--sm"
            list={listId}
            aria-label={`Sort ${i + 1} attribute`}
            value={s.attribute}
            placeholder="e.g. price"
            onChange={(e) => set(i, { attribute: e.target.value })}
          />
          <select
            className="input input--sm"
            aria-label={`Sort ${i + 1} direction`}
            value={s.order ?? 'asc'}
            onChange={(e) => set(i, { order: e.target.value as 'asc' | 'desc' })}
          >
            <option value="asc">ascending</option>
            <option value="desc">descending</option>
          </select>
          <button type="button" className="icon-button" aria-label={`Move sort ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
            <ArrowUp size={14} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Move sort ${i + 1} down`}
            disabled={i === sortBy.length - 1}
            onClick={() => move(i, 1)}
          >
            <ArrowDown size={14} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove sort ${i + 1}`}
            onClick={() => onChange(sortBy.filter((_, k) => k !== i))}
          >
            <X size={14} aria-hidden="true" />
          </button>
          <div className="sort-row__diags">
            {diagnosticsAt(`options.sortBy[${i}]`).map((d, k) => (
              <DiagnosticLine key={k} diagnostic={d} onFix={onFix} />
            ))}
            {serviceErrorRow?.index === i ? (
              <DiagnosticLine
                diagnostic={{ path: '', severity: 'error', code: 'service', message: `The service: ${serviceErrorRow.message}` }}
              />
            ) : null}
          </div>
        </div>
      ))}
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() =>
          onChange([...sortBy, { attribute: sortable.find((a) => !sortBy.some((s) => s.attribute === a)) ?? '', order: 'asc' }])
        }
      >
        <Plus size={14} aria-hidden="true" /> Add sort
      </button>
    </div>
  );
}
