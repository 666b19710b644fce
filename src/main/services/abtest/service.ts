import {
  assign,
  type Assignment,
  AB_TEST_FORMAT,
  type AbReading,
  type AbTest,
  abTestFileSchema,
  planOnBaseline,
  type StorePlan,
  type StoreReadout,
} from '../../../shared/abtest';
import { failure } from '../../../shared/errors';
import { unknownConfiguration } from '../../../shared/profiles';
import type { ProfileService } from '../profiles';
import type { TrafficService } from '../traffic';
import type { Workspace } from '../workspace';
import { type ReadInput, readTestOnStore } from './readout';

/** The planner's baseline: the store's last four weeks of searches, to its newest. */
const BASELINE_DAYS = 28;

export type PlanInput = AbReading;

/**
 * A/B tests: read from a traffic store and planned on its baseline (`readoutOf`, `planOf`: the app and the command
 * line alike); in the app also tests as workspace files, checked, with the configurations each variation sends held
 * against the active profile's.
 */
export class AbTestService {
  constructor(private readonly deps: { traffic: TrafficService; workspace?: Workspace; profiles?: ProfileService | undefined }) {}

  private workspace(): Workspace {
    if (!this.deps.workspace)
      throw failure('validation', 'A/B test files are read from a workspace: give the test as a file.', { field: 'file' });
    return this.deps.workspace;
  }

  read(file: string): Promise<AbTest> {
    return this.workspace().read('ab-tests', file, abTestFileSchema);
  }

  /** Which variation each user id gets in a workspace test, as the storefront draws it. */
  async assign(file: string, users: readonly string[]): Promise<Assignment[]> {
    const test = await this.read(file);
    return users.map((user) => assign(test, user));
  }

  /** Saves a test: over its own file when named (the app's own only), else under a new name from its name. */
  async save(file: string | undefined, test: AbTest): Promise<{ file: string; warnings: string[] }> {
    const value: AbTest = { ...test, format: AB_TEST_FORMAT, version: 1 };
    const workspace = this.workspace();
    await workspace.ensure('ab-tests');
    const target = file ?? (await workspace.freeFile('ab-tests', test.name));
    await workspace.write('ab-tests', target, abTestFileSchema, value, { overwrite: file !== undefined });
    return { file: target, warnings: this.warnings(value) };
  }

  /** Each variation's configuration the active profile does not list, in words (empty when it lists none). */
  warnings(test: AbTest): string[] {
    const profiles = this.deps.profiles;
    const profile = profiles?.activeId ? profiles.find(profiles.activeId) : undefined;
    return test.variations.flatMap((v) => {
      const problem = unknownConfiguration(v.configurationId, profile);
      return problem ? [`Variation ${v.id}: ${problem}`] : [];
    });
  }

  async readout(file: string, input: ReadInput): Promise<StoreReadout & { warnings: string[] }> {
    const test = await this.read(file);
    return { ...(await this.readoutOf(test, input)), warnings: this.warnings(test) };
  }

  /** A test read from the traffic: per variation its users and rates, each lift over the control, the checks. */
  readoutOf(test: AbTest, input: ReadInput): Promise<StoreReadout> {
    return this.deps.traffic.ask((store) => readTestOnStore(store, test, input));
  }

  async plan(file: string, input: PlanInput): Promise<StorePlan> {
    return this.planOf(await this.read(file), input);
  }

  /** The plan of a test from the traffic's last four weeks: its users' rate and variance, and their pace. */
  planOf(test: AbTest, input: PlanInput): Promise<StorePlan> {
    return this.deps.traffic.ask(async (store) => {
      const last = await store.lastSearchAt();
      if (!last)
        throw failure('validation', 'The traffic store has no searches to plan from: import traffic, or simulate shoppers on Local demo.', {
          field: 'store',
        });
      const endMs = Date.parse(`${last.replace(' ', 'T').slice(0, 19)}Z`) + 1000;
      const startMs = endMs - BASELINE_DAYS * 86_400_000;
      const at = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
      // One row per user, summed in the store.
      const rows = await store.userTotals({ start: at(startMs), end: at(endMs) }, input.k);
      const users = rows.map((row) => ({
        n: row.searches,
        x: input.metric === 'ctr' ? row.clicked : input.metric === 'conversion' ? row.bought : row.revenue,
      }));
      const firstDay = rows.reduce((m, r) => Math.min(m, r.firstDay), Infinity);
      const lastDay = rows.reduce((m, r) => Math.max(m, r.lastDay), -Infinity);
      if (users.length < 2)
        throw failure(
          'validation',
          'The traffic of the last four weeks has fewer than two users with an id (UBI user_id or client_id): the planner needs their rates.',
          { field: 'store' },
        );
      const days = lastDay - firstDay + 1;
      const plan = planOnBaseline(
        users,
        days,
        test.variations.map((v) => v.weight),
        input,
      );
      const day = (offset: number) => new Date(startMs + offset * 86_400_000).toISOString().slice(0, 10);
      return { ...plan, from: day(firstDay), to: day(lastDay) };
    });
  }
}
