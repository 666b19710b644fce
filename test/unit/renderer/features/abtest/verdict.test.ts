import { describe, expect, it } from 'vitest';
import { verdict } from '../../../../../src/renderer/src/features/abtest/AbReadout';

const lift = (fixed: [number, number], always: [number, number]) => ({ ci95: fixed, alwaysValid: { ci: always, p: 0.5 } });

describe("a lift's verdict", () => {
  it('is one, naming the test that decided it; a fixed-horizon verdict says the always-valid interval still holds 0', () => {
    expect(verdict(lift([0.01, 0.05], [0.001, 0.08]), 0.3)).toEqual({ text: 'wins by the always-valid test', cls: 'better' });
    expect(verdict(lift([-0.05, -0.01], [-0.08, -0.001]), 0.3)).toEqual({ text: 'loses by the always-valid test', cls: 'worse' });
    // Before the planned size only the always-valid test may be read.
    expect(verdict(lift([-0.05, -0.01], [-0.08, 0.02]), 0.6).text).toBe('keep running');
    const loses = verdict(lift([-0.05, -0.01], [-0.08, 0.02]), 1);
    expect(loses.text).toBe('loses by the fixed-horizon test at the planned size, read once (the always-valid interval still holds 0)');
    expect(verdict(lift([-0.01, 0.02], [-0.08, 0.02]), 1).text).toBe('no difference found');
  });
});
