import {
  abtestReadCli,
  assign,
  type Comparison,
  outsideTestDays,
  parseAbTest,
  PRE_PERIOD_DAYS,
  type StoreReadout,
  userIdsSchema,
} from '../../shared/abtest';
import { flagHelp, flagOptions, flagSynopsis } from '../../shared/operations';
import { AbTestService } from '../../main/services/abtest';
import { EXIT, flagsInput, parse, UsageError, type CliIo, type Command } from '../command';
import { withTraffic } from '../traffic-options';
import { printJson, readInput } from '../input';

const ASSIGN_USAGE =
  '  assign: which variation each user (or session) id gets, as the storefront draws it (MurmurHash3 of id#test, % 100 + 1)\n' +
  '  --test      FILE: the A/B test, { id, name, variations: [{ id, weight, configurationId?, variables? }], start, end? } (required)\n' +
  '  --user      ID: a user or session id; repeat for more (required)\n' +
  '  --format    json: an array of { userId, bucket, variationId, configurationId, variables } in the order given (default: a table)';

const READ_USAGE =
  '  read: the test read from the traffic store — per variation users, searches and the metric per search with its 95%\n' +
  '  interval; each lift over the control (the first variation) by the fixed-horizon test and by the always-valid mSPRT\n' +
  "  (normal mixture, τ = the minimum effect × the control's rate), which may be read every day; the sample-ratio check\n" +
  "  (χ² of users against the weights, flagged below p 0.001); the planner's users per variation for 80% power; CUPED\n" +
  "  (each user's metric in the 14 days before the start regressed out, with the variance it removed); the lift per\n" +
  '  segment (Holm-corrected); the guardrails: every metric not read, breached when B is worse with 95% confidence\n' +
  '  --store      the traffic store (required)\n' +
  '  --test       FILE: the A/B test (required)\n' +
  `${flagHelp(abtestReadCli, { width: 12 }).join('\n')}\n` +
  '  --fail-on-srm  exit 1 when the sample-ratio check flags the split (default: report it only)\n' +
  '  --format     json: { test, srm, variations, lifts, plan, cuped, segments, guardrails } to standard output\n' +
  '               (default: a table)';

const USAGE =
  'abtest assign --test FILE --user ID [--user ID]… [--format json]\n' +
  `       abtest read --store DIR --test FILE ${flagSynopsis(abtestReadCli)} [--fail-on-srm] [--format json]\n` +
  `${ASSIGN_USAGE}\n` +
  `${READ_USAGE}\n` +
  '  exit codes: 0 done, 1 the sample-ratio check flagged the split (with --fail-on-srm), 2 usage error (a test file that\n' +
  '  is not a valid test; a test and store that cannot be read together: no search in its days, no user ids), 3 could\n' +
  '  not run (a file that cannot be read, a store that does not exist)\n' +
  '  example: search-workbench abtest assign --test examples/workspace/ab-tests/demo-ranking-test.json --user 7f3c2a --user anna@example.com\n' +
  '  example: search-workbench abtest read --store examples/workspace/traffic --test examples/workspace/ab-tests/demo-ranking-test.json --metric ctr';

/** The test file named by --test, read and checked: what is wrong with it is said field by field (exit 3). */
export async function readTestFile(file: string | undefined, io: CliIo) {
  if (!file) throw new UsageError('Give --test FILE: the A/B test.');
  const { text, name } = await readInput(file, io);
  const read = parseAbTest(text, name);
  // Read but not a valid test (weights that do not add up, a date that does not exist): a usage error, as the guide says.
  if (!read.ok) throw new UsageError(read.message);
  return read.test;
}

async function assignCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(argv, { test: { type: 'string' }, user: { type: 'string', multiple: true }, format: { type: 'string' } });
  const users = (values.user ?? []) as string[];
  if (!users.length)
    throw new UsageError('abtest assign needs --user ID: the user or session id whose variation you want (repeat for more).');
  if (values.format !== undefined && values.format !== 'json')
    throw new UsageError(`--format is json, got ${JSON.stringify(values.format)}`);
  // The ids as the app's lookup takes them: one rule for both.
  const ids = userIdsSchema.safeParse(users);
  if (!ids.success)
    throw new UsageError(
      `--user: ${ids.error.issues[0]!.message}, got ${JSON.stringify(users[Number(ids.error.issues[0]!.path[0] ?? 0)])}`,
    );
  const test = await readTestFile(values.test as string | undefined, io);
  const assigned = ids.data.map((u) => assign(test, u));
  const outside = outsideTestDays(test);
  if (outside) io.stderr(`note: ${outside}`);
  if (values.format === 'json') printJson(io, assigned);
  else {
    const width = Math.max(4, ...users.map((u) => u.length));
    io.stdout(`${test.name} (${test.id}): ${test.variations.map((v) => `${v.id} ${v.weight}%`).join(', ')}`);
    io.stdout(`${'user'.padEnd(width)}  bucket  variation → what the storefront sends`);
    for (const a of assigned) {
      const sends = [a.configurationId ? `configurationId ${a.configurationId}` : "the service's default configuration"];
      for (const [k, v] of Object.entries(a.variables)) sends.push(`${k}=${v}`);
      io.stdout(`${a.userId.padEnd(width)}  ${String(a.bucket).padStart(6)}  ${a.variationId} → ${sends.join(', ')}`);
    }
  }
  return EXIT.ok;
}

const fixed = (x: number) => Number(x.toFixed(6));
const pair = (c: readonly [number, number]) => [fixed(c[0]), fixed(c[1])];
const pct = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}%`;
/** B − A in the metric's unit: percentage points of a share, or revenue per search. */
const absolute = (metric: string, x: number) =>
  metric === 'revenue'
    ? `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(2)} per search`
    : `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(2)} pp`;

/** The readout as the issue's JSON names it (and what the table prints from). */
function readoutJson(r: StoreReadout) {
  return {
    test: r.test,
    metric: r.metric,
    srm: { chi2: fixed(r.srm.chi2), p: r.srm.p, flagged: r.srm.flagged },
    variations: r.variations.map((v) => ({
      id: v.id,
      weight: v.weight,
      users: v.users,
      sessions: v.sessions,
      searches: v.searches,
      value: fixed(v.value),
      ci95: pair(v.ci95),
      rates: v.rates,
    })),
    lifts: r.lifts.map((l) => ({
      variation: l.variation,
      lift: fixed(l.lift),
      liftAbsolute: fixed(l.liftAbsolute),
      ci95: pair(l.ci95),
      ci95Absolute: pair(l.ci95Absolute),
      p: l.p,
      alwaysValid: { ci: pair(l.alwaysValid.ci), p: l.alwaysValid.p },
      // The lift so far, day by day since the start, with its always-valid interval (relative).
      daily: l.daily.map((d) => ({ day: d.day, users: d.users, lift: fixed(d.lift), ci: pair(d.ci) })),
    })),
    plan: {
      needed: r.plan.needed,
      reached: fixed(r.plan.reached),
      days: r.plan.days,
      minimumEffect: r.plan.minimumEffect,
      alpha: r.plan.alpha,
    },
    tau: fixed(r.tau),
    revenueCap: r.revenueCap,
    searches: r.searches,
    // With each user's metric in the 14 days before the start regressed out; null when none searched then.
    cuped:
      r.cuped?.map((c) => ({
        ...comparisonJson(c),
        variation: c.variation,
        varianceRemoved: fixed(c.varianceRemoved),
        theta: fixed(c.theta),
      })) ?? null,
    segments: r.segments.map((x) => ({
      segment: x.segment,
      variation: x.variation,
      users: x.users,
      ...comparisonJson(x),
      pAdjusted: x.pAdjusted,
      significant: x.significant,
    })),
    guardrails: r.guardrails.map((g) => ({ variation: g.variation, metric: g.metric, ...comparisonJson(g), verdict: g.verdict })),
  };
}

const comparisonJson = (c: Comparison) => ({
  lift: fixed(c.lift),
  liftAbsolute: fixed(c.liftAbsolute),
  ci95: pair(c.ci95),
  ci95Absolute: pair(c.ci95Absolute),
  p: c.p,
});

/** CUPED, the segments and the guardrails, as the table prints them. */
function beyondLines(r: StoreReadout): string[] {
  const lines: string[] = [];
  if (r.cuped)
    for (const c of r.cuped)
      lines.push(
        `  CUPED ${c.variation}: ${pct(c.lift)} [${pct(c.ci95[0])}, ${pct(c.ci95[1])}] p ${c.p.toPrecision(2)} — ${Math.round(c.varianceRemoved * 100)}% of the variance removed by each user's metric in the ${PRE_PERIOD_DAYS} days before the start`,
      );
  else lines.push(`  CUPED: no user of the test searched in the ${PRE_PERIOD_DAYS} days before its start: nothing to regress on`);
  if (r.segments.length) {
    lines.push(`  by segment (the segment of a user's first search; Holm-corrected over ${r.segments.length}):`);
    for (const x of r.segments)
      lines.push(
        `    ${(x.segment || '(none)').padEnd(14)} ${x.variation}: ${pct(x.lift)} [${pct(x.ci95[0])}, ${pct(x.ci95[1])}] p ${x.p.toPrecision(2)}, adjusted ${x.pAdjusted.toPrecision(2)}${x.significant ? ' — significant' : ''} (${x.users.control.toLocaleString('en-US')} / ${x.users.variation.toLocaleString('en-US')} users)`,
      );
  }
  for (const g of r.guardrails)
    lines.push(
      `  guardrail ${g.metric} (${g.variation}): ${pct(g.lift)} [${pct(g.ci95[0])}, ${pct(g.ci95[1])}] — ${g.verdict === 'breached' ? 'BREACHED: B is worse with 95% confidence' : 'holds'}`,
    );
  return lines;
}

async function readCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(argv, {
    store: { type: 'string' },
    test: { type: 'string' },
    ...flagOptions(abtestReadCli),
    'fail-on-srm': { type: 'boolean' },
    format: { type: 'string' },
  });
  // The reading the app's screen and operation use, with their limits and defaults: declared once in the core.
  const reading = flagsInput(abtestReadCli, values);
  const { metric, k, minimumEffect, alpha } = reading;
  if (values.format !== undefined && values.format !== 'json')
    throw new UsageError(`--format is json, got ${JSON.stringify(values.format)}`);
  if (!values.store) throw new UsageError('abtest read needs --store DIR: the traffic store the test ran in.');
  const test = await readTestFile(values.test as string | undefined, io);
  const r = await withTraffic(
    values.store as string,
    (traffic) => new AbTestService({ traffic }).readoutOf(test, reading),
    (field) => ({ store: '--store' })[field],
  );
  if (values.format === 'json') printJson(io, readoutJson(r));
  else {
    const label = metric === 'ctr' ? `CTR@${k}` : metric === 'conversion' ? 'conversion' : 'revenue';
    io.stdout(
      `${r.test.name} (${r.test.id}), ${label} per search; ${r.searches.logged.toLocaleString('en-US')} searches tied by their logged variation, ${r.searches.bucketed.toLocaleString('en-US')} by bucketing the user id`,
    );
    for (const v of r.variations)
      io.stdout(
        `  ${v.id.padEnd(16)} ${String(v.weight).padStart(3)}%  ${v.users.toLocaleString('en-US').padStart(9)} users  ${v.searches.toLocaleString('en-US').padStart(10)} searches  ${v.value.toFixed(4)} [${v.ci95[0].toFixed(4)}, ${v.ci95[1].toFixed(4)}]`,
      );
    for (const l of r.lifts)
      io.stdout(
        `  ${l.variation} against ${r.variations[0]!.id}: ${pct(l.lift)} [${pct(l.ci95[0])}, ${pct(l.ci95[1])}] (${absolute(metric, l.liftAbsolute)} [${absolute(metric, l.ci95Absolute[0])}, ${absolute(metric, l.ci95Absolute[1])}]) fixed-horizon p ${l.p.toPrecision(2)} · always-valid [${pct(l.alwaysValid.ci[0])}, ${pct(l.alwaysValid.ci[1])}] p ${l.alwaysValid.p.toPrecision(2)}`,
      );
    io.stdout(
      `  sample ratio: χ² ${r.srm.chi2.toFixed(2)}, p ${r.srm.p.toPrecision(2)}${r.srm.flagged ? ' — MISMATCH: the users are not split as the weights say; the results are not to be trusted' : ' (as the weights say)'}`,
    );
    io.stdout(
      `  plan: ${Number.isFinite(r.plan.needed) ? r.plan.needed.toLocaleString('en-US') : '—'} users per variation for ${pct(minimumEffect)} at 80% power and α ${alpha}; ${Math.round(r.plan.reached * 100)}% of the planned size reached${r.plan.days !== null ? ` (${r.plan.days} day${r.plan.days === 1 ? '' : 's'} at this pace)` : ''}`,
    );
    if (r.revenueCap !== null) io.stdout(`  revenue: each user's capped at ${r.revenueCap.toFixed(2)} (the 99.9th percentile of users)`);
    for (const line of beyondLines(r)) io.stdout(line);
  }
  if (r.srm.flagged)
    io.stderr('warning: sample-ratio mismatch — the users are not split as the weights say; the results are not to be trusted.');
  return r.srm.flagged && values['fail-on-srm'] ? EXIT.failed : EXIT.ok;
}

export const abtestCommand: Command = {
  name: 'abtest',
  summary: 'A/B tests: which variation a customer gets (as the storefront draws it), and a test read from traffic',
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === 'assign') return assignCommand(rest, io);
    if (sub === 'read') return readCommand(rest, io);
    throw new UsageError(
      sub ? `abtest has no subcommand ${JSON.stringify(sub)}: assign or read.` : 'abtest needs a subcommand: assign or read.',
    );
  },
};
