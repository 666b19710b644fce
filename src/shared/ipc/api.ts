import {
  channelNames,
  eventNames,
  type Channel,
  type ChannelInput,
  type ChannelOutput,
  type EventName,
  type EventPayload,
} from './contract';
import type { Result } from './result';

/**
 * The shape of `window.workbench`, derived from the contract: one named
 * async method per channel (`app:info` → `workbench.app.info()`), and one
 * `on<Event>` subscription per event returning its unsubscribe function.
 */

type CamelCase<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;
type PascalEvent<E extends string> = E extends `${infer D}:${infer V}` ? `${Capitalize<CamelCase<D>>}${Capitalize<CamelCase<V>>}` : never;
type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type Domain = DomainOf<Channel>;

type Method<C extends Channel> =
  undefined extends ChannelInput<C>
    ? (input?: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>
    : (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>;

export type WorkbenchApi = {
  readonly [D in Domain as CamelCase<D>]: {
    readonly [C in Channel as C extends `${D}:${infer V}` ? CamelCase<V> : never]: Method<C>;
  };
} & {
  readonly [E in EventName as `on${PascalEvent<E>}`]: (listener: (payload: EventPayload<E>) => void) => () => void;
};

export type Invoke = (channel: Channel, input: unknown) => Promise<Result<unknown>>;
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

const camel = (s: string): string => s.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** `profiles:set-secret` → `['profiles', 'setSecret']`. */
export function methodPath(name: Channel): [string, string] {
  const [domain = '', verb = ''] = name.split(':');
  return [camel(domain), camel(verb)];
}

/** `batch:progress` → `onBatchProgress`. */
export function eventMethodName(name: EventName): string {
  const [domain = '', verb = ''] = name.split(':');
  return `on${capital(camel(domain))}${capital(camel(verb))}`;
}

/** Builds the API object from the contract's names; both bridges use it. */
export function buildApi(invoke: Invoke, subscribe: Subscribe): WorkbenchApi {
  const api: Record<string, Record<string, unknown> | unknown> = {};
  for (const name of channelNames) {
    const [domain, verb] = methodPath(name);
    const group = (api[domain] ??= {}) as Record<string, unknown>;
    group[verb] = (input?: unknown) => invoke(name, input);
  }
  for (const name of eventNames) {
    api[eventMethodName(name)] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${eventMethodName(name)} needs a listener function`);
      return subscribe(name, listener);
    };
  }
  return api as WorkbenchApi;
}

/** Prefixes used on the Electron IPC wire (never seen by the renderer). */
export const IPC_INVOKE_PREFIX = 'wb:invoke:';
export const IPC_EVENT_PREFIX = 'wb:event:';
