import { describe, expect, it } from 'vitest';
import {
  alwaysValid,
  chiSquareUpperTail,
  fixedHorizon,
  meanSampleSize,
  proportionSampleSize,
  sampleRatioMismatch,
} from '../../../../src/shared/abtest';
import { normalQuantile } from '../../../../src/shared/metrics';
import { mulberry32 } from '../../../../src/shared/random';

describe('the distributions the readout rests on', () => {
  it('χ² upper tails at the tables’ critical values; the normal quantile', () => {
    expect(chiSquareUpperTail(3.841458820694124, 1)).toBeCloseTo(0.05, 10);
    expect(chiSquareUpperTail(5.991464547107979, 2)).toBeCloseTo(0.05, 10);
    expect(chiSquareUpperTail(10.827566170662733, 1)).toBeCloseTo(0.001, 10);
    expect(chiSquareUpperTail(30, 3)).toBeCloseTo(1.380057e-6, 11);
    expect(chiSquareUpperTail(0, 4)).toBe(1);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 12);
    expect(normalQuantile(1e-6)).toBeCloseTo(-4.753424308822899, 9);
  });
});

describe('the sample-ratio-mismatch check', () => {
  it('χ² of the users against the weights, by hand; p below 0.001 flags it', () => {
    expect(sampleRatioMismatch([5000, 5000], [50, 50])).toEqual({ chi2: 0, p: 1, flagged: false });
    const off = sampleRatioMismatch([5200, 4800], [50, 50]);
    expect(off.chi2).toBeCloseTo(16, 12);
    expect(off.p).toBeCloseTo(6.334248e-5, 9);
    expect(off.flagged).toBe(true);
    // Weights other than even: 70/30 expected 7000/3000.
    expect(sampleRatioMismatch([7050, 2950], [70, 30]).chi2).toBeCloseTo(50 ** 2 / 7000 + 50 ** 2 / 3000, 12);
  });

  it('flags a planted 52/48 split at 100,000 users, and at most 0.5% of 1,000 fair splits', () => {
    expect(sampleRatioMismatch([52_000, 48_000], [50, 50]).flagged).toBe(true);
    const random = mulberry32(46);
    let flagged = 0;
    for (let t = 0; t < 1000; t++) {
      let a = 0;
      for (let u = 0; u < 10_000; u++) if (random() < 0.5) a++;
      if (sampleRatioMismatch([a, 10_000 - a], [50, 50]).flagged) flagged++;
    }
    expect(flagged).toBeLessThanOrEqual(5);
  });
});

describe('significance, fixed-horizon and always-valid', () => {
  const arm = (values: number[]) => ({
    n: values.length,
    sum: values.reduce((s, x) => s + x, 0),
    squares: values.reduce((s, x) => s + x * x, 0),
  });

  it('the fixed-horizon test: Welch’s z of B − A, by hand', () => {
    const a = arm([0, 1, 0, 1, 0, 0, 1, 0]);
    const b = arm([1, 1, 0, 1, 1, 0, 1, 1]);
    const r = fixedHorizon(a, b);
    const se = Math.sqrt(((3 / 8) * (5 / 8) * (8 / 7)) / 8 + ((6 / 8) * (2 / 8) * (8 / 7)) / 8);
    expect(r.delta).toBeCloseTo(3 / 8, 12);
    expect(r.ci[1] - r.delta).toBeCloseTo(1.959963984540054 * se, 10);
    expect(r.p).toBeGreaterThan(0.1);
  });

  it('the mSPRT’s p and confidence sequence, by hand (V = 1, τ² = 1)', () => {
    expect(alwaysValid(0, 1, 1).p).toBe(1);
    const r = alwaysValid(3, 1, 1);
    expect(r.p).toBeCloseTo(Math.exp(-(0.5 * Math.log(0.5) + 9 / 4)), 12);
    expect(r.ci[1] - 3).toBeCloseTo(Math.sqrt(2 * (2 * Math.log(20) + Math.log(2))), 12);
    // Wider than the fixed-horizon interval at the same variance: the price of reading it every day.
    expect(r.ci[1] - 3).toBeGreaterThan(1.96);
  });
});

describe('the planner', () => {
  it('the textbook example: 20% → 25% at α 0.05 and 80% power needs 1,094 per variation (Fleiss, no continuity correction)', () => {
    expect(proportionSampleSize(0.2, 0.25)).toBe(1094);
    expect(proportionSampleSize(0.1, 0.12)).toBe(3841);
    expect(proportionSampleSize(0.2, 0.2)).toBe(Infinity);
  });

  it('means: 2σ²(z + z)²/δ² (σ 1, δ 0.2: 393)', () => {
    expect(meanSampleSize(1, 0.2)).toBe(393);
  });
});
