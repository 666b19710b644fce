import { z } from 'zod';

/** The file format of an A/B test in the workspace. */
export const AB_TEST_FORMAT = 'search-workbench-ab-test';

const id = z
  .string()
  .trim()
  .min(1, 'give it an id, as the storefront names it')
  .max(200)
  .refine((s) => ![...s].some((ch) => ch.charCodeAt(0) < 0x20), 'no control characters');
/** An ISO date (2026-11-02) or date-time (2026-11-02T09:00:00Z). */
const when = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
    'an ISO date like 2026-11-02, or a date-time like 2026-11-02T09:00:00Z',
  )
  .superRefine((s, ctx) => {
    // A string that is no date at all has the pattern's message already.
    if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return;
    const [y, m, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
    if (m < 1 || m > 12) {
      ctx.addIssue({ code: 'custom', message: `${s.slice(0, 10)} has no month ${m}: months are 01 to 12` });
      return;
    }
    const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
    if (d < 1 || d > days) {
      const month = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
      ctx.addIssue({ code: 'custom', message: `${s.slice(0, 10)} is not a day: ${month} ${y} has ${days} days` });
    } else if (Number.isNaN(Date.parse(s))) ctx.addIssue({ code: 'custom', message: `${s} is not a time of that day` });
  });

export const variationSchema = z.strictObject({
  id,
  /** Its share of the buckets, in percent: the weights add up to 100. */
  weight: z.int('a whole number of percent').min(0).max(100),
  /** The configuration the storefront sends for this variation (none: the service's default). */
  configurationId: z.string().trim().min(1).max(200).optional(),
  /** Context variables the storefront sends for this variation. */
  variables: z.record(z.string().min(1).max(100), z.string().max(1000)).optional(),
});

/**
 * An A/B test as the storefront runs it: its id (what users are bucketed by), its variations with their weights and
 * what each sends, and when it ran. The first variation is the control the others are read against.
 */
export const abTestSchema = z
  .strictObject({
    format: z.literal(AB_TEST_FORMAT).optional(),
    version: z.literal(1).optional(),
    id,
    name: z.string().trim().min(1).max(200),
    variations: z.array(variationSchema).min(2, 'a test has at least two variations: the control and one other').max(20),
    start: when,
    end: when.optional(),
  })
  .superRefine((test, ctx) => {
    const total = test.variations.reduce((s, v) => s + v.weight, 0);
    if (total !== 100)
      ctx.addIssue({
        code: 'custom',
        path: ['variations'],
        message: `the weights add up to ${total}, not 100: make them percentages of the users`,
      });
    const seen = new Set<string>();
    test.variations.forEach((v, i) => {
      if (seen.has(v.id))
        ctx.addIssue({
          code: 'custom',
          path: ['variations', i, 'id'],
          message: `${JSON.stringify(v.id)} is there twice: variation ids are unique`,
        });
      seen.add(v.id);
    });
    if (test.end && Date.parse(test.end) < Date.parse(test.start))
      ctx.addIssue({ code: 'custom', path: ['end'], message: `the end (${test.end}) is before the start (${test.start})` });
  });

export type AbTest = z.output<typeof abTestSchema>;
export type Variation = AbTest['variations'][number];

/** An A/B test as a workspace file: the same, with the app's format marker (what makes the file the app's own). */
export const abTestFileSchema = abTestSchema.refine((t) => t.format === AB_TEST_FORMAT, {
  path: ['format'],
  message: `a workspace test file says "format": "${AB_TEST_FORMAT}"`,
});

/** A test's days as instants (ms, UTC): a date starts at its 00:00 and a date end takes in its whole day; null end: running. */
export function testSpan(test: { start: string; end?: string | undefined }): { start: number; end: number | null } {
  const at = (s: string) => Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s);
  return { start: at(test.start), end: test.end ? at(test.end) + (test.end.length === 10 ? 86_400_000 : 0) : null };
}

/** Whether a test's start is still ahead: its readout would find no search yet. */
export const notStarted = (test: { start: string }, now = Date.now()): boolean => now < testSpan(test).start;

/**
 * What a lookup must say when the test is not running at `now`: before its start, and after its end, a customer is in
 * none of its variations (the storefront buckets them only while it runs). Null while it runs.
 */
export function outsideTestDays(test: { start: string; end?: string | undefined }, now = Date.now()): string | null {
  const span = testSpan(test);
  if (now < span.start)
    return `The test starts ${test.start.slice(0, 10)}: until then no customer is in it, and searches run as the storefront sends them without it. The variation shown is the one they will get.`;
  if (span.end !== null && now >= span.end)
    return `The test ended ${test.end!.slice(0, 10)}: since then no customer is in it. The variation shown is the one they had while it ran.`;
  return null;
}
