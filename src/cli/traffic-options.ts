import { WorkbenchFailure } from '../shared/errors';
import { type TrafficFilter, trafficFilterCli } from '../shared/traffic';
import { TrafficService } from '../main/services/traffic';
import { flagsInput, UsageError } from './command';
import { InputError } from './input';

/** The store's filter from its flags, checked by the schema the app's operations parse it with. */
export function filterOf(values: Record<string, unknown>): TrafficFilter {
  return flagsInput(trafficFilterCli, values).filter;
}

/**
 * The traffic service on the store a command names — the service the app reads its workspace's store through — open
 * before `work` and closed after it. A folder that is not a store could not run (exit 3). Input the service refuses is
 * a usage error (exit 2) after the flag that set its field (`flagOf`); what the store cannot answer with no flag to
 * blame (a store with nothing under the filters, a file it cannot read) could not run.
 */
export async function withTraffic<T>(
  dir: string | undefined,
  work: (traffic: TrafficService) => Promise<T>,
  flagOf: (field: string) => string | undefined = () => undefined,
  options: { create?: boolean } = {},
): Promise<T> {
  if (!dir) throw new UsageError('Give --store DIR: the folder of the traffic store.');
  // Reading never makes a store: a folder that does not exist is said (exit 3); an import makes it.
  const traffic = new TrafficService({ folder: dir, create: options.create === true });
  try {
    await traffic.opened().catch((err: unknown) => {
      throw err instanceof WorkbenchFailure ? new InputError(err.message) : err;
    });
    return await work(traffic);
  } catch (err) {
    if (!(err instanceof WorkbenchFailure) || err.error.code !== 'validation') throw err;
    const field = err.error.details?.field;
    const flag = field === undefined ? undefined : flagOf(field);
    if (flag) throw new UsageError(`${flag}: ${err.message}`);
    if (field === undefined || field === 'store' || field === 'files') throw new InputError(err.message);
    throw new UsageError(err.message);
  } finally {
    await traffic.close();
  }
}
