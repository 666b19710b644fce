import { failure, type TrafficEstimateView } from '../../../shared/ipc';
import type { ReplayModel } from '../../../shared/estimates';
import type { Experiments } from '../compare';
import type { ProfileService } from '../profiles';
import type { SearchClient } from '../search';
import type { TrafficService } from '../traffic';
import { estimateOnStore } from './estimate';

/** The configurations the store's first pages were logged under, most searched first. */
const CONFIGURATIONS_SQL = `SELECT coalesce(configuration_id, '') AS configuration, count(*) AS n FROM searches
WHERE coalesce(page, 1) = 1 GROUP BY ALL ORDER BY n DESC, configuration`;

/**
 * Estimates on traffic for the app: an experiment's side B replayed on the workspace's traffic store, over the
 * searches logged under side A's configuration, B's rankings asked of side B's profile.
 */
export class EstimatesService {
  constructor(
    private readonly deps: {
      traffic: TrafficService;
      experiments: Experiments;
      profiles: ProfileService | undefined;
      search: SearchClient;
    },
  ) {}

  async experiment(input: { file: string; model: ReplayModel; k: number }): Promise<TrafficEstimateView> {
    const experiment = await this.deps.experiments.read(input.file);
    const { a, b } = experiment.sides;
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
    return this.deps.traffic.read(async (store) => {
      const logged = (await store.duck.all(CONFIGURATIONS_SQL)).map((r) => String(r.configuration));
      if (!logged.length)
        throw failure('validation', 'The traffic store is empty: import traffic (Workspace → Shopper traffic) first.', { field: 'store' });
      // A: side A's configuration as the log names it; a side with none is the service's default, which the log
      // names by its id — taken as the most searched configuration other than B's.
      const named = a.overrides.configurationId;
      const aConfiguration = named ?? logged.find((c) => c !== bConfiguration) ?? logged[0]!;
      if (!logged.includes(aConfiguration))
        throw failure(
          'validation',
          `No search in the traffic store was logged under ${aConfiguration} (side A's configuration): the log has ${logged.join(', ')}.`,
          { field: 'sides.a.configurationId' },
        );
      const report = await estimateOnStore({ search: this.deps.search }, store, {
        filter: {},
        configuration: aConfiguration,
        source: { kind: 'service', baseUrl, token, configurationId: bConfiguration },
        model: input.model,
        k: input.k,
      });
      return {
        experiment: input.file,
        a: {
          configuration: aConfiguration,
          why: named
            ? "side A's configuration"
            : "side A names none: the service's default, the log's most searched configuration other than B's",
        },
        b: { configuration: bConfiguration, profile: profile?.name ?? baseUrl },
        model: report.model,
        k: report.k,
        replicates: report.replicates,
        estimates: report.estimates.map(({ estimator, a: ea, b: eb, delta, clip }) => ({ estimator, a: ea, b: eb, delta, clip })),
        interleaving: report.interleaving,
        coverage: report.coverage,
        lowCoverage: report.lowCoverage,
        searches: report.searches,
        contexts: report.contexts,
        ms: report.ms,
      };
    });
  }
}
