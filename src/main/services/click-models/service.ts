import {
  type ClickModelChoice,
  clickRatings,
  type ClickRatings,
  clicksAgreement,
  checkThresholds,
  MAX_WIDTH,
  withClickRatings,
} from '../../../shared/click-models';
import { DEFAULT_SCALE, judgmentListSchema, newJudgmentList, type JudgmentList } from '../../../shared/judgments';
import type { TrafficFilter } from '../../../shared/traffic';
import type { ClickRatingsView } from '../../../shared/click-models';
import type { TrafficService } from '../traffic';
import type { Workspace } from '../workspace';
import { failure } from '../../../shared/errors';
import { fitOnStore } from './fit';

type FitOnStore = Awaited<ReturnType<typeof fitOnStore>>;

export interface ClickModelsInput {
  model: ClickModelChoice;
  /** The widest 95% interval a rated item may have (MAX_WIDTH). */
  maxWidth?: number;
  thresholds?: number[];
  filter?: TrafficFilter;
  /** A workspace judgment list: its people's ratings set the default thresholds; saving adds the ratings to it. */
  into?: string;
}

/** A fit rated on a scale: the list the ratings go beside (its people set the default thresholds), or a scale's top. */
export type RateInput = Omit<ClickModelsInput, 'into'> & { into?: JudgmentList; max?: number };

/** How many (query, item) estimates the view is sent: the most shown first. */
export const VIEW_ITEMS = 20_000;

/**
 * Click models for the app: fitted on the workspace's traffic store, rated on a judgment list's scale, compared with
 * the list's people, and saved into the workspace as a judgment list (a new one, or the list given, beside its own).
 */
export class ClickModelsService {
  constructor(private readonly deps: { traffic: TrafficService; workspace?: Workspace }) {}

  private workspace(): Workspace {
    if (!this.deps.workspace)
      throw failure('validation', 'Judgment lists are read from a workspace: give the list as a file.', { field: 'into' });
    return this.deps.workspace;
  }

  private async list(file: string | undefined): Promise<JudgmentList | undefined> {
    return file ? this.workspace().read('judgments', file, judgmentListSchema) : undefined;
  }

  private async rateFile(input: ClickModelsInput): Promise<{ rated: ClickRatings; into: JudgmentList | undefined; fit: FitOnStore }> {
    const into = await this.list(input.into);
    return { ...(await this.rate({ ...input, into })), into };
  }

  /**
   * A click model fitted on the store and its estimates rated on a scale (the list's, else 0 to `max`, else the
   * default): what the app shows and saves, and what `judgments from-traffic` writes.
   */
  async rate(input: RateInput): Promise<{ rated: ClickRatings; fit: FitOnStore }> {
    const { into } = input;
    const max = into?.scale.max ?? input.max ?? DEFAULT_SCALE.max;
    if (into && input.max !== undefined && input.max !== max)
      throw failure('validation', `The list's scale is 0 to ${max}: its ratings are rated on it, so leave the scale out.`, {
        field: 'max',
      });
    const refused = input.thresholds ? checkThresholds(input.thresholds, max) : null;
    if (refused) throw failure('validation', `Thresholds: ${refused} (the scale is 0 to ${max}).`, { field: 'thresholds' });
    const fit = await this.deps.traffic.ask((store) => fitOnStore(store, input.model, input.filter ?? {}));
    if (fit.fit.searches === 0)
      throw failure(
        'validation',
        `The traffic store has no first page with results${Object.keys(input.filter ?? {}).length ? ' under these filters' : ''}: import traffic${Object.keys(input.filter ?? {}).length ? ', or widen the days' : ' first'}.`,
        { field: 'store' },
      );
    const rated = clickRatings(fit.fit, {
      max,
      maxWidth: input.maxWidth ?? MAX_WIDTH,
      ...(input.thresholds ? { thresholds: input.thresholds } : {}),
      ...(into ? { people: into.ratings } : {}),
    });
    return { rated, fit };
  }

  async fit(input: ClickModelsInput): Promise<ClickRatingsView> {
    const { rated, into, fit } = await this.rateFile(input);
    const f = fit.fit;
    const agreement = into ? clicksAgreement(into, rated) : null;
    const pair = agreement?.pairs[0] ?? null;
    const items = [...rated.items].sort((a, b) => b.impressions - a.impressions).slice(0, VIEW_ITEMS);
    return {
      model: f.model,
      searches: f.searches,
      patterns: f.patterns,
      iterations: f.iterations,
      converged: f.converged,
      ms: fit.ms.count + fit.ms.fit,
      ...(fit.selection ? { selection: fit.selection } : {}),
      positions: f.positions,
      ...(f.continuation !== undefined ? { continuation: f.continuation } : {}),
      thresholds: rated.thresholds,
      max: into?.scale.max ?? DEFAULT_SCALE.max,
      maxWidth: rated.maxWidth,
      rated: rated.items.length - rated.needsTraffic,
      needsTraffic: rated.needsTraffic,
      items: items.map((i) => ({
        query: i.query,
        itemId: i.itemId,
        estimate: i.estimate,
        ci95: i.ci95,
        impressions: i.impressions,
        examinations: i.examinations,
        clicks: i.clicks,
        rating: i.rating,
        lacks: i.lacks,
      })),
      shown: items.length,
      agreement:
        agreement && pair
          ? {
              items: pair.items,
              needed: pair.needed,
              alpha: agreement.alpha,
              weightedKappa: pair.weightedKappa,
              exact: pair.agreement,
              perQuery: agreement.perQuery.map((q) => ({
                query: q.query,
                items: q.items,
                weightedKappa: q.weightedKappa,
                needed: q.needed,
              })),
            }
          : null,
    };
  }

  async save(input: ClickModelsInput & { name: string }): Promise<{ file: string; ratings: number }> {
    const { rated, into } = await this.rateFile(input);
    const workspace = this.workspace();
    if (into && input.into) {
      const list = withClickRatings(into, rated);
      await workspace.write('judgments', input.into, judgmentListSchema, list, { overwrite: true });
      return { file: input.into, ratings: rated.items.length - rated.needsTraffic };
    }
    const list = withClickRatings(newJudgmentList(input.name, DEFAULT_SCALE), rated);
    const file = await workspace.freeFile('judgments', input.name);
    await workspace.write('judgments', file, judgmentListSchema, list, { overwrite: false });
    return { file, ratings: rated.items.length - rated.needsTraffic };
  }
}
