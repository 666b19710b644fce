/**
 * The A/B readout's planner and its always-valid test, validated by simulation at full size: the planned size finds a
 * planted effect at the power it promises, and reading a null test every day does not inflate its false wins.
 */
import { describe, expect, it } from 'vitest';
import { falseWins, powerAtPlannedSize } from '../../src/shared/abtest';
import { mulberry32 } from '../../src/shared/random';

describe('the A/B readout, validated by simulation', () => {
  it('finds a planted +20% in conversion at the planner’s size for 80% power in at least 70 of 100 seeds', () => {
    const { perArm, found } = powerAtPlannedSize(100, mulberry32);
    expect(perArm).toBeGreaterThan(1000);
    expect(perArm).toBeLessThan(10_000);
    console.log(`planner: ${perArm} users per variation; the planted lift found in ${found} of 100 seeds`);
    expect(found).toBeGreaterThanOrEqual(70);
  });

  it('over 200 null tests read every day for 14 days: the always-valid test’s false wins stay at most 5%, the fixed-horizon test read daily’s do not', () => {
    const { alwaysValid, dailyFixed } = falseWins(200, mulberry32);
    console.log(`false wins over 200 null tests read daily: always-valid ${alwaysValid}, fixed-horizon ${dailyFixed}`);
    expect(alwaysValid / 200).toBeLessThanOrEqual(0.05);
    expect(dailyFixed / 200).toBeGreaterThan(0.1);
  });
});
