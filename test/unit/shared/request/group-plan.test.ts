import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { groupNote, planGroups } from '../../../../src/shared/request/group-plan';

describe('planGroups', () => {
  it('50 values × size 5: 2 per group, 50 groups, and says why', () => {
    const plan = planGroups(5, 50);
    expect(plan).toMatchObject({ perGroup: 2, groups: 50, requested: 250, maxItems: 100, capped: true });
    expect(plan.explanation).toContain('2 items per group');
    expect(plan.explanation).toContain('100 ÷ 50');
  });

  it('within the total, every group gets the size asked for', () => {
    expect(planGroups(5, 20)).toMatchObject({ perGroup: 5, capped: false, maxItems: 100 });
    expect(planGroups(3, 4).explanation).toBe(
      '4 values × size 3 = 12 items, within the 100-item total: up to 3 items in each of 4 groups.',
    );
  });

  it('more than 100 values leaves every group empty', () => {
    const plan = planGroups(1, 101);
    expect(plan.perGroup).toBe(0);
    expect(plan.explanation).toContain('at most 100 values');
  });

  it('no values: asks for them', () => {
    expect(planGroups(5, 0)).toMatchObject({ groups: 0, capped: false });
    expect(planGroups(5, 0).explanation).toMatch(/Add the values/);
  });

  it('never plans more than 100 items nor more per group than asked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), (size, values) => {
        const plan = planGroups(size, values);
        expect(plan.maxItems).toBeLessThanOrEqual(100);
        expect(plan.perGroup).toBeLessThanOrEqual(size);
        // The largest size that fits: one more per group would break the total.
        if (plan.capped) expect((plan.perGroup + 1) * values).toBeGreaterThan(100);
      }),
    );
  });
});

describe('groupNote', () => {
  const asked = (size: number, n: number) => ({ attribute: 'brand', values: Array.from({ length: n }, (_, i) => `v${i}`), size });
  it('says nothing for a full group', () => {
    expect(groupNote({ count: 40, items: [1, 2, 3, 4, 5] }, asked(5, 3))).toBeNull();
  });
  it('names the cap when the group was cut to fit the total', () => {
    expect(groupNote({ count: 40, items: [1, 2] }, asked(5, 50))).toBe('2 of 5 asked: the 100-item total caps every group at 2; 40 match.');
  });
  it('names the shortage when too few items match', () => {
    expect(groupNote({ count: 1, items: [1] }, asked(5, 3))).toBe('Only 1 item matches; 5 were asked for.');
    expect(groupNote({ count: 0, items: [] }, asked(5, 3))).toBe('No item matches this value.');
  });
});
