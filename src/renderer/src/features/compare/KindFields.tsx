import { LIMITS, effectiveGroupSize } from '@shared/request';
import { Field } from '../../components/Field';
import { IntBox } from '../../components/IntInput';
import { useAppStore } from '../../store/store';
import { groupValues } from './compare-state';

/**
 * What a suggest or autocomplete comparison asks beyond the sides: the
 * grouping (attribute, values, size) or the suggestions per prefix; a
 * problem is said beside the field it is about.
 */
export function KindFields({ problem }: { problem: { field: string; message: string } | null }) {
  const compare = useAppStore((s) => s.compare);
  const patch = useAppStore((s) => s.patchCompare);
  const { groupBy } = compare;
  const error = (field: string) =>
    problem?.field === field ? (
      <p className="diag diag--error" id={`${field}-problem`}>
        {problem.message}
      </p>
    ) : null;
  const described = (field: string) => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${field}-problem` } : {});

  if (compare.kind === 'autocomplete')
    return (
      <div className="kind-fields">
        <Field label="Suggestions per prefix" htmlFor="compare-suggestions">
          <IntBox
            id="compare-suggestions"
            min={LIMITS.numberOfSuggestions.min}
            max={LIMITS.numberOfSuggestions.max}
            fallback={LIMITS.numberOfSuggestions.default}
            value={compare.numberOfSuggestions}
            onChange={(numberOfSuggestions) => patch({ numberOfSuggestions })}
          />
        </Field>
      </div>
    );

  const values = groupValues(groupBy.values);
  const cap = effectiveGroupSize(groupBy.size, values.length);
  return (
    <div className="kind-fields">
      <Field label="Group by attribute" htmlFor="group-attribute">
        <input
          id="group-attribute"
          className="input input--sm"
          value={groupBy.attribute}
          placeholder="e.g. category"
          spellCheck={false}
          {...described('group-attribute')}
          onChange={(e) => patch({ groupBy: { ...groupBy, attribute: e.target.value } })}
        />
        {error('group-attribute')}
      </Field>
      <Field
        label="Values"
        htmlFor="group-values"
        hint={
          values.length
            ? `${values.length} group${values.length === 1 ? '' : 's'}, up to ${cap} item${cap === 1 ? '' : 's'} each${cap < groupBy.size ? ` (size ${groupBy.size} cut so all groups stay within ${LIMITS.suggestTotal})` : ''}`
            : 'Comma-separated: one group each.'
        }
      >
        <input
          id="group-values"
          className="input input--sm kind-fields__values"
          value={groupBy.values}
          placeholder="e.g. Dresses, Shoes, Jackets"
          spellCheck={false}
          {...described('group-values')}
          onChange={(e) => patch({ groupBy: { ...groupBy, values: e.target.value } })}
        />
        {error('group-values')}
      </Field>
      <Field label="Size" htmlFor="group-size">
        <IntBox
          id="group-size"
          min={LIMITS.groupSize.min}
          max={LIMITS.groupSize.max}
          value={groupBy.size}
          onChange={(size) => patch({ groupBy: { ...groupBy, size } })}
        />
      </Field>
    </div>
  );
}
