import { type TrafficEstimateView } from '../../../shared/estimates';
import { failure } from '../../../shared/errors';
import type { ReplayModel } from '../../../shared/estimates';
import type { CompareService, Experiments } from '../compare';
import type { Experiment } from '../../../shared/compare';
import type { ProfileService } from '../profiles';
import type { SearchClient } from '../search';
import type { TrafficService } from '../traffic';
import { clicksOnStore } from './clicks';
import { type EstimateInput, type EstimateProgress, type EstimateReport, estimateOnStore } from './estimate';
import { sideA } from './log';

type Subject = TrafficEstimateView['subject'];

/**
 * Estimates on one traffic store, for the app and the command line alike: B's rankings replayed over the searches
 * logged under A (B's rankings asked of `search`, or read from a run), side A chosen from what the store logged, and
 * the clicks measured on the store for explanations.
 */
export class TrafficEstimates {
  constructor(private readonly deps: { traffic: TrafficService; search: SearchClient }) {}

  estimate(
    input: EstimateInput,
    options: { signal?: AbortSignal; onProgress?: (p: EstimateProgress) => void } = {},
  ): Promise<EstimateReport> {
    return this.deps.traffic.ask((store) => estimateOnStore({ search: this.deps.search }, store, input, options));
  }

  /** The configuration side A stands for: the one named, else the store's other than B's (said why). */
  sideA(named: string | undefined, b: string): Promise<{ configuration: string; why: string }> {
    return this.deps.traffic.ask((store) => sideA(store, named, b));
  }

  /** Clicks the store's shoppers gave each (query, item), by a click model fitted on it: what explanations measure. */
  clicks(): ReturnType<typeof clicksOnStore> {
    return this.deps.traffic.ask((store) => clicksOnStore(store));
  }
}
type Input = { model: ReplayModel; k: number };

/**
 * Estimates on traffic for the app: an experiment's or a batch's side B replayed on the workspace's traffic store,
 * over the searches logged under side A's configuration, B's rankings asked of side B's profile.
 */
export class EstimatesService {
  private readonly onTraffic: TrafficEstimates;

  constructor(
    private readonly deps: {
      traffic: TrafficService;
      experiments: Experiments;
      compare: CompareService;
      profiles: ProfileService | undefined;
      search: SearchClient;
    },
  ) {
    this.onTraffic = new TrafficEstimates(deps);
  }

  async experiment(input: { file: string } & Input): Promise<TrafficEstimateView> {
    const experiment = await this.deps.experiments.read(input.file);
    return this.onSides({ kind: 'experiment', id: input.file, name: experiment.name }, experiment.sides, input);
  }

  async batch(input: { id: string } & Input): Promise<TrafficEstimateView> {
    const { definition } = this.deps.compare.read(input.id);
    if ((definition.kind ?? 'search') !== 'search')
      throw failure('validation', `Batch ${definition.name} compares ${definition.kind} answers: On traffic estimates searches.`, {
        field: 'id',
      });
    return this.onSides({ kind: 'batch', id: input.id, name: definition.name }, definition.sides, input);
  }

  private async onSides(subject: Subject, sides: Experiment['sides'], input: Input): Promise<TrafficEstimateView> {
    const { b } = sides;
    const bConfiguration = b.overrides.configurationId;
    if (!bConfiguration)
      throw failure('validation', `Side B (${b.label}) names no configuration: On traffic estimates a configuration, so give side B one.`, {
        field: 'sides.b.configurationId',
      });
    const profile = b.profileId ? this.deps.profiles?.find(b.profileId) : this.deps.profiles?.resolve(undefined);
    const baseUrl = b.baseUrl ?? profile?.searchUrl;
    const token = b.overrides.token || profile?.searchTokens[0]?.token;
    if (!baseUrl || !token)
      throw failure(
        'validation',
        `Side B (${b.label}) has no profile with a search token to ask B's rankings of: pick one in the experiment.`,
        {
          field: 'sides.b.profileId',
        },
      );
    const a = await this.onTraffic.sideA(sides.a.overrides.configurationId, bConfiguration);
    const report = await this.onTraffic.estimate({
      filter: {},
      configuration: a.configuration,
      source: { kind: 'service', baseUrl, token, configurationId: bConfiguration },
      model: input.model,
      k: input.k,
    });
    return {
      subject,
      a,
      b: { configuration: bConfiguration, profile: profile?.name ?? baseUrl },
      model: report.model,
      k: report.k,
      replicates: report.replicates,
      seed: report.seed,
      estimates: report.estimates.map(({ estimator, a: ea, b: eb, delta, clip, unreliable }) => ({
        estimator,
        a: ea,
        b: eb,
        delta,
        clip,
        unreliable,
      })),
      support: report.support,
      headline: report.headline,
      outcomes: report.outcomes,
      queries: report.queries,
      interleaving: report.interleaving,
      coverage: report.coverage,
      lowCoverage: report.lowCoverage,
      searches: report.searches,
      contexts: report.contexts,
      ms: report.ms,
    };
  }
}
