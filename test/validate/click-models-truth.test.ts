/**
 * `npm run validate`: PBM fitted on 20,000 simulated sessions drawn under PBM, against the truth the simulator knows.
 * `npm test` runs the same check on 4,000 sessions with bounds scaled to that size
 * (test/integration/click-models/truth.test.ts).
 */
import { describe, it } from 'vitest';
import { clickModelBench, expectPbmFindsTheTruth } from '../helpers/click-model-truth';

const bench = clickModelBench();

describe('judgments from-traffic against the truth the simulator knows, at full size', () => {
  it("PBM on 20,000 sessions drawn under PBM: θ_k/θ_1 within 0.03 of the truth's, Kendall's τ ≥ 0.7 over items with 100 impressions", async () => {
    await expectPbmFindsTheTruth(bench.url, bench.dir, {
      sessions: 20_000,
      minImpressions: 100,
      positionError: 0.03,
      minItems: 200,
      tau: 0.7,
    });
  });
});
