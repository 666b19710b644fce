import { basename, dirname, resolve } from 'node:path';
import { type NewBatch, experimentBatch, experimentSchema } from '../shared/compare';
import { indexRatings } from '../shared/judgments';
import { querySetSchema } from '../shared/workspace';
import { textHash } from '../main/services/compare';
import { readTextFile } from '../main/services/storage';
import { JudgmentLists } from '../main/services/judgments';
import { Workspace } from '../main/services/workspace';
import { UsageError } from './command';
import type { RunPlan, Values } from './side-options';

/** What an experiment sets, so a flag cannot say it differently: refused with --experiment, naming the flag. */
const SET_BY_EXPERIMENT = [
  'queries',
  'a',
  'b',
  'judgments',
  'k',
  'gain',
  'threshold',
  'ratings',
  'limit',
  'name',
  'kind',
  'a-filter',
  'b-filter',
  'a-var',
  'b-var',
  'a-label',
  'b-label',
] as const;

/**
 * `compare --experiment FILE`: a workspace experiment (FILE in a workspace's `experiments/`) run exactly as the
 * app runs it — its query set, its sides, its page size and its quality settings against its judgment list —
 * against the service of `--base-url` with `--token` (both sides), where the app uses the sides' profiles.
 */
export async function experimentPlan(v: Values, path: string, gate?: { k?: number }): Promise<RunPlan> {
  for (const flag of SET_BY_EXPERIMENT)
    if (v[flag] !== undefined) throw new UsageError(`--${flag} is set by the experiment: leave it out with --experiment.`);
  const file = resolve(path);
  if (basename(dirname(file)) !== 'experiments')
    throw new UsageError(
      `--experiment names a file in a workspace's experiments/ folder (its query set and judgments are beside it), got ${path}.`,
    );
  const baseUrl = v['base-url'] as string | undefined;
  const token = v['token'] as string | undefined;
  if (!baseUrl || !token)
    throw new UsageError('--experiment needs --base-url and --token: the service both sides ask (the app uses their profiles).');
  try {
    new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url must be a URL like https://eu.search.example.com, got ${JSON.stringify(baseUrl)}`);
  }
  const workspace = new Workspace(dirname(dirname(file)));
  const name = basename(file);
  const experiment = await workspace.read('experiments', name, experimentSchema);
  const querySet = await workspace.read('query-sets', experiment.querySet, querySetSchema);
  const list = experiment.judgments ? await new JudgmentLists(workspace).read(experiment.judgments) : undefined;
  if (gate && !list) throw new UsageError(`--gate measures quality, and ${experiment.name} has no judgment list.`);
  if (gate?.k !== undefined && gate.k !== experiment.quality.k)
    throw new UsageError(
      `--gate names k = ${gate.k}, and ${experiment.name} measures at k = ${experiment.quality.k}: leave the cut-off out.`,
    );
  // Each side as the experiment has it, at this service: its profile's address and token replaced by the flags'.
  const at = (side: NewBatch['sides']['a']) => {
    const { profileId: _profile, ...rest } = side;
    return { ...rest, baseUrl, overrides: { ...side.overrides, token: side.overrides.token || token } };
  };
  const { rows, ...batch } = experimentBatch(experiment, name, querySet, list, { a: at(experiment.sides.a), b: at(experiment.sides.b) });
  const plan = { batch, rows: async () => rows };
  if (!list || !experiment.judgments) return { ...plan, quality: undefined };
  // Measured as the app measures it: the experiment's own settings, the list's ratings as they count them.
  const config = experiment.quality;
  const listPath = workspace.path('judgments', experiment.judgments);
  return {
    ...plan,
    quality: {
      config,
      index: indexRatings(list.ratings, { ratings: config.ratings ?? 'confirmed' }),
      judgments: { path: listPath, name: list.name, sha256: textHash(await readTextFile(listPath)) },
    },
  };
}
