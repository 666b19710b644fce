import { z } from 'zod';
import { abReadingSchema } from './reading';
import { type AbTest, abTestSchema } from './test';
import type { Assignment } from './bucket';
import { type StorePlan } from './plan';
import { type StoreReadout } from './readout';
import { workspaceFileSchema } from '../workspace';
import { cliForm, operation } from '../operations';

/** A test read from the workspace's traffic, with the variations whose configuration the active profile does not list. */
export interface AbReadoutView extends StoreReadout {
  warnings: string[];
}

/** A test's plan before it starts, from the traffic's last four weeks. */
export type AbPlanView = StorePlan;

const file = workspaceFileSchema;
/** How a test is read and planned (the metric, clicks counted in the first k, the minimum effect and alpha), and its flags. */
export const abtestReadCli = cliForm({
  command: 'abtest read',
  input: abReadingSchema,
  flags: {
    metric: {
      flag: '--metric',
      doc: "ctr: searches with a click in the first --k; conversion: with a purchase; revenue: per search, each user's revenue capped at the 99.9th percentile of users",
    },
    k: { flag: '--k', doc: 'click-through counts clicks at a position ≤ k' },
    minimumEffect: { flag: '--mde', doc: 'the minimum detectable effect the test is planned for, relative: 0.1 = 10%' },
    alpha: { flag: '--alpha', doc: 'the significance level' },
  },
});
const reading = abtestReadCli.input.shape;

/** The user (or session) ids a lookup answers for: none empty — an empty id is no shopper, not bucket 40. */
export const userIdsSchema = z
  .array(z.string().trim().min(1, 'a user or session id, not empty (an empty id is no shopper)').max(500))
  .min(1)
  .max(1000);

export const abtestOperations = {
  'abtest:read': operation<AbTest>()({
    example: { file: 'missing-test.json' },
    input: z.strictObject({ file }),
    doc: 'One A/B test of the workspace (ab-tests/): its id, variations with weights, configurations and variables, and its days.',
  }),
  'abtest:save': operation<{ file: string; warnings: string[] }>()({
    example: {
      test: {
        id: 'fuzz',
        name: 'Fuzzed test',
        variations: [
          { id: 'a', weight: 50 },
          { id: 'b', weight: 50 },
        ],
        start: '2026-11-01',
      },
    },
    input: z.strictObject({ file: file.optional(), test: abTestSchema }),
    doc: 'Saves an A/B test (weights adding to 100, unique variation ids, real dates) atomically: over its file when named (the app’s own only), else as a new file named after it. Warnings name configurations the active profile does not list.',
  }),
  'abtest:assign': operation<Assignment[]>()({
    example: { file: 'missing-test.json', users: ['7f3c2a'] },
    input: z.strictObject({ file, users: userIdsSchema }),
    doc: 'Which variation each user (or session) id gets in a workspace test, as the storefront draws it (MurmurHash3 of id#test, % 100 + 1): its bucket, variation, and the configuration and variables it is served.',
  }),
  'abtest:readout': operation<AbReadoutView>()({
    example: { file: 'missing-test.json', metric: 'ctr', k: 10, minimumEffect: 0.05, alpha: 0.05 },
    input: z.strictObject({ file, ...reading }),
    cli: abtestReadCli,
    doc: 'Reads a test from the workspace’s traffic: per variation users, sessions, searches and rates; each lift over the control with the fixed-horizon test and the mSPRT (always valid) side by side, the daily lift, the sample-ratio check and the planned size reached; CUPED (each user’s metric in the 14 days before the start regressed out, with the variance removed), the lift per segment (Holm-corrected) and the guardrails (the metrics not read).',
  }),
  'abtest:plan': operation<AbPlanView>()({
    example: { file: 'missing-test.json', metric: 'ctr', k: 10, minimumEffect: 0.05, alpha: 0.05 },
    input: z.strictObject({ file, ...reading }),
    doc: 'Plans a test from the traffic’s last four weeks: the metric’s rate and per-user variance, the users per variation for the minimum effect at 80% power and alpha, and the days at the traffic’s pace of users.',
  }),
};
