import { effectiveGroupSize, LIMITS, type GroupBy } from './types';
import { plural } from '../text';

/** What the service will do with a groupBy before it is sent (§4.9, §8). */
export interface GroupPlan {
  values: number;
  /** The size asked for. */
  size: number;
  /** The size each group gets under the total cap. */
  perGroup: number;
  groups: number;
  /** values × size: what was asked for in all. */
  requested: number;
  /** At most this many items come back. */
  maxItems: number;
  capped: boolean;
  explanation: string;
}

/**
 * The per-group size the service applies under the 100-item total and why,
 * in words: "50 values × size 5 = 250 items, over the 100-item total: 2 items
 * per group (100 ÷ 50, rounded down), 50 groups."
 */
export function planGroups(size: number, valueCount: number): GroupPlan {
  const total = LIMITS.suggestTotal;
  const perGroup = valueCount > 0 ? effectiveGroupSize(size, valueCount) : size;
  const requested = size * valueCount;
  const capped = valueCount > 0 && requested > total;
  const base = { values: valueCount, size, perGroup, groups: valueCount, requested, maxItems: perGroup * valueCount, capped };
  if (valueCount === 0) return { ...base, explanation: 'Add the values to group by: the answer has one group per value.' };
  const asked = `${plural(valueCount, 'value')} × size ${size} = ${plural(requested, 'item')}`;
  if (!capped)
    return {
      ...base,
      explanation: `${asked}, within the ${total}-item total: up to ${plural(size, 'item')} in each of ${plural(valueCount, 'group')}.`,
    };
  if (perGroup === 0)
    return {
      ...base,
      explanation: `${plural(valueCount, 'value')} exceed the ${total}-item total, so every group would be empty: use at most ${total} values.`,
    };
  return {
    ...base,
    explanation: `${asked}, over the ${total}-item total: the service returns ${plural(perGroup, 'item')} per group (${total} ÷ ${valueCount}, rounded down), ${plural(valueCount, 'group')}, at most ${plural(perGroup * valueCount, 'item')}.`,
  };
}

/** Why a group of an answer holds fewer items than the size asked for: the total cap, or too few matches; null when it is full. */
export function groupNote(group: { count: number; items: readonly unknown[] }, asked: GroupBy): string | null {
  const shown = group.items.length;
  if (group.count === 0) return 'No item matches this value.';
  if (shown >= asked.size) return null;
  const per = planGroups(asked.size, asked.values.length).perGroup;
  if (shown >= per && group.count > shown)
    return `${shown} of ${asked.size} asked: the ${LIMITS.suggestTotal}-item total caps every group at ${per}; ${group.count.toLocaleString('en-US')} match.`;
  return `Only ${plural(group.count, 'item')} ${group.count === 1 ? 'matches' : 'match'}; ${asked.size} ${asked.size === 1 ? 'was' : 'were'} asked for.`;
}
