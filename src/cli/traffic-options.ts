import type { TrafficFilter } from '../shared/traffic';
import { StoreError, TrafficStore } from '../main/services/traffic';
import { UsageError } from './command';
import { InputError } from './input';

/** The traffic store's flags every command that reads it shares: its days, segment and configuration. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const FILTER_FLAGS = {
  from: { type: 'string' },
  to: { type: 'string' },
  segment: { type: 'string' },
  config: { type: 'string' },
} as const;

export function dayOption(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (!DAY_PATTERN.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw new UsageError(`--${name} is a day as YYYY-MM-DD, got ${JSON.stringify(value)}`);
  return value;
}

export function filterOf(values: { from?: string; to?: string; segment?: string; config?: string }): TrafficFilter {
  const from = dayOption(values.from, 'from');
  const to = dayOption(values.to, 'to');
  if (from && to && from > to) throw new UsageError(`--from ${from} is after --to ${to}.`);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(values.segment !== undefined ? { segment: values.segment } : {}),
    ...(values.config !== undefined ? { configuration: values.config } : {}),
  };
}

/** The store a command reads, closed after `work`; a store that cannot be opened is a run that could not run. */
export async function withStore<T>(dir: string | undefined, work: (store: TrafficStore) => Promise<T>): Promise<T> {
  if (!dir) throw new UsageError('Give --store DIR: the folder of the traffic store.');
  let store: TrafficStore;
  try {
    store = await TrafficStore.open(dir);
  } catch (err) {
    if (err instanceof StoreError) throw new InputError(err.message);
    throw err;
  }
  try {
    return await work(store);
  } catch (err) {
    if (err instanceof StoreError) throw new UsageError(err.message);
    throw err;
  } finally {
    store.close();
  }
}
