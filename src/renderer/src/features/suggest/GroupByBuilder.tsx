import { Plus, RefreshCw, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { RequestDiagnostic } from '@shared/diagnostics';
import { type GroupableAttribute, splitValues } from '@shared/suggest';
import { planGroups, LIMITS, type GroupBy } from '@shared/request';
import { Button } from '../../components/Button';
import { DiagnosticLine, Field } from '../../components/Field';
import type { DiagnosticsByField } from '../../request-ui/use-request-diagnostics';
import type { GroupSource } from './suggest-slice';
import { plural } from '@shared/text';

export interface GroupByBuilderProps {
  groupBy: GroupBy;
  onChange: (groupBy: GroupBy) => void;
  attributes: GroupableAttribute[];
  source: GroupSource;
  onRefresh: () => void;
  diags: DiagnosticsByField;
  onFix: (d: RequestDiagnostic) => void;
}

/**
 * The chosen group values the facet never showed for this query (they will
 * come back as empty groups); nothing while the facet values are unknown.
 */
export function unseenValues(chosen: readonly string[], offered: readonly { value: string }[]): { list: string[]; set: Set<string> } {
  if (offered.length === 0) return { list: [], set: new Set() };
  const seen = new Set(offered.map((v) => v.value));
  const list = chosen.filter((v) => !seen.has(v));
  return { list, set: new Set(list) };
}

/**
 * The groupBy of a product suggest: an attribute that can group (single
 * valued, facetable), the values that make the groups (picked from the
 * facet or typed), the size, and what the service will make of them.
 */
export function GroupByBuilder({ groupBy, onChange, attributes, source, onRefresh, diags, onFix }: GroupByBuilderProps) {
  const [draft, setDraft] = useState('');
  const attribute = attributes.find((a) => a.name === groupBy.attribute);
  const chosen = useMemo(() => new Set(groupBy.values), [groupBy.values]);
  const plan = planGroups(groupBy.size, groupBy.values.length);
  const offered = useMemo(() => attribute?.values ?? [], [attribute]);
  const unseen = useMemo(() => unseenValues(groupBy.values, offered), [groupBy.values, offered]);
  const unchosen = offered.filter((v) => !chosen.has(v.value));

  const addValues = (values: string[]) => onChange({ ...groupBy, values: [...groupBy.values, ...values.filter((v) => !chosen.has(v))] });
  const removeValue = (value: string) => onChange({ ...groupBy, values: groupBy.values.filter((v) => v !== value) });
  const commitDraft = () => {
    const values = splitValues(draft);
    if (values.length > 0) addValues(values);
    setDraft('');
  };

  return (
    <div className="groupby">
      <Field
        label="Group by attribute"
        htmlFor="suggest-attribute"
        diagnostics={diags.at('options.groupBy.attribute')}
        onFix={onFix}
        hint={
          attributes.length === 0
            ? source.status === 'sending'
              ? 'Reading the facets…'
              : 'No single-valued facetable attribute known yet: type its name, or read the facets with a search token.'
            : attribute && !attribute.verified
              ? 'Known from a facet only; no item showed whether it holds one value or a list.'
              : 'Single-valued facetable attributes only: lists and sets cannot group.'
        }
        actions={
          <Button
            size="sm"
            variant="ghost"
            onClick={onRefresh}
            icon={<RefreshCw size={12} aria-hidden="true" className={source.status === 'sending' ? 'spin' : undefined} />}
            title="Read the facets again for this query, filter and configuration"
          >
            Refresh values
          </Button>
        }
      >
        {attributes.length > 0 ? (
          <select
            id="suggest-attribute"
            className="input input--sm"
            value={groupBy.attribute}
            onChange={(e) => onChange({ ...groupBy, attribute: e.target.value, values: [] })}
          >
            <option value="">Choose an attribute…</option>
            {attributes.map((a) => (
              <option key={a.name} value={a.name}>
                {a.name}
                {a.values.length ? ` (${a.values.length} values seen)` : ''}
              </option>
            ))}
            {groupBy.attribute && !attribute ? <option value={groupBy.attribute}>{groupBy.attribute} (not known to group)</option> : null}
          </select>
        ) : (
          <input
            id="suggest-attribute"
            className="input input--sm"
            value={groupBy.attribute}
            placeholder="e.g. brand"
            onChange={(e) => onChange({ ...groupBy, attribute: e.target.value })}
          />
        )}
      </Field>
      {source.status === 'error' && source.error ? <p className="diag diag--warning">{source.error.message}</p> : null}

      <Field
        label={`Values (${groupBy.values.length})`}
        htmlFor="suggest-value-input"
        diagnostics={diags.at('options.groupBy.values')}
        onFix={onFix}
      >
        {groupBy.values.length > 0 ? (
          <ol className="chip-list value-chips" aria-label="Group values, in group order" data-testid="group-values">
            {groupBy.values.map((v) => (
              <li key={v}>
                <button
                  type="button"
                  className={`chip is-selected${unseen.set.has(v) ? ' is-unseen' : ''}`}
                  onClick={() => removeValue(v)}
                  aria-label={`Remove ${v}`}
                  title={unseen.set.has(v) ? `${v} was not seen in the facet for this query: its group will be empty` : undefined}
                >
                  {v} <X size={11} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ol>
        ) : null}
        <div className="value-input">
          <textarea
            id="suggest-value-input"
            className="input input--sm"
            rows={1}
            value={draft}
            placeholder="Type a value, Enter adds it; paste many at once"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.metaKey) {
                e.preventDefault();
                commitDraft();
              }
            }}
            onPaste={(e) => {
              const text = e.clipboardData.getData('text/plain');
              if (/[\n,]/.test(text)) {
                e.preventDefault();
                addValues(splitValues(text));
              }
            }}
          />
          <Button size="sm" onClick={commitDraft} disabled={!draft.trim()} icon={<Plus size={12} aria-hidden="true" />}>
            Add
          </Button>
        </div>
        {unseen.list.length > 0 ? (
          <p className="diag diag--warning" data-testid="unseen-values">
            Not seen in the facet: {unseen.list.length} of {groupBy.values.length} — they will return empty groups (
            {unseen.list.slice(0, 5).join(', ')}
            {unseen.list.length > 5 ? ', …' : ''}).
          </p>
        ) : null}
        {groupBy.values.length > 0 ? (
          <div className="value-tools">
            <Button size="sm" variant="ghost" onClick={() => onChange({ ...groupBy, values: [] })}>
              Clear all
            </Button>
          </div>
        ) : null}
        {offered.length > 0 ? (
          <div className="value-offer">
            <div className="value-offer__head">
              <span className="small muted">
                {unchosen.length > 0
                  ? `Values of ${groupBy.attribute} for this query, by count:`
                  : `All ${offered.length} values seen are in.`}
              </span>
              {unchosen.length > 0 ? (
                <Button size="sm" variant="ghost" onClick={() => addValues(unchosen.map((v) => v.value))}>
                  Add all {unchosen.length}
                </Button>
              ) : null}
            </div>
            <ul className="chip-list value-offer__list" aria-label={`Values of ${groupBy.attribute}`}>
              {unchosen.map((v) => (
                <li key={v.value}>
                  <button
                    type="button"
                    className="chip"
                    onClick={() => addValues([v.value])}
                    aria-label={`Add ${v.value} (${plural(v.count, 'item')})`}
                  >
                    {v.value} <span className="muted">{v.count.toLocaleString('en-US')}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Field>

      <Field
        label="Items per group (size)"
        htmlFor="suggest-size"
        diagnostics={diags.at('options.groupBy.size').filter((d) => d.code !== 'group-size-capped')}
        onFix={onFix}
      >
        <input
          id="suggest-size"
          className="input input--sm"
          type="number"
          min={LIMITS.groupSize.min}
          max={LIMITS.groupSize.max}
          value={Number.isFinite(groupBy.size) ? groupBy.size : ''}
          onChange={(e) => onChange({ ...groupBy, size: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
        />
      </Field>

      <div className={`group-plan${plan.capped ? ' is-capped' : ''}`} role="status" aria-live="polite" data-testid="group-plan">
        <div className="group-plan__numbers">
          <span>
            <strong>{plan.groups}</strong> {plan.groups === 1 ? 'group' : 'groups'}
          </span>
          <span>
            <strong>{Number.isFinite(plan.perGroup) ? plan.perGroup : '—'}</strong> per group
          </span>
          <span>
            ≤ <strong>{Number.isFinite(plan.maxItems) ? plan.maxItems : '—'}</strong> items
          </span>
        </div>
        <p className="group-plan__why">{Number.isFinite(groupBy.size) ? plan.explanation : 'Give a size from 1 to 100.'}</p>
      </div>
      {diags
        .at('options.groupBy')
        .filter((d) => d.path === 'options.groupBy')
        .map((d, i) => (
          <DiagnosticLine key={i} diagnostic={d} onFix={onFix} />
        ))}
    </div>
  );
}
