import { contract, type Channel, type ChannelOutput, type ChannelParsedInput, type Result } from '../shared/ipc';
import { type Transport } from '../shared/app';
import { WorkbenchFailure, type WorkbenchError } from '../shared/errors';
import { describeIssues, zodIssues } from '../shared/zod';

export interface CallContext {
  transport: Transport;
  /** Aborted when the caller goes away (window closed, HTTP client disconnected). */
  signal?: AbortSignal;
}

export type Handler<C extends Channel> = (input: ChannelParsedInput<C>, ctx: CallContext) => Promise<ChannelOutput<C>> | ChannelOutput<C>;

export type Handlers = { [C in Channel]: Handler<C> };

/**
 * One capability's implementation: a handler for each operation it declares, no more and no fewer — each one call of
 * a service method. `src/main/services/<cap>/operations.ts` makes it; the core puts them together into `Handlers`.
 */
export type Implementation<Operations> = { [C in keyof Operations & Channel]: Handler<C> };

export interface Router {
  invoke(channel: unknown, input: unknown, ctx: CallContext): Promise<Result<unknown>>;
}

function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(contract, name);
}

/** Turns anything thrown by a handler into a typed error; stacks stay in main. */
export function toWorkbenchError(err: unknown): WorkbenchError {
  if (err instanceof WorkbenchFailure) return err.error;
  if (err instanceof Error && err.name === 'AbortError') return { code: 'cancelled', message: 'The request was cancelled.' };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: `Something went wrong inside the app: ${message}` };
}

export function createRouter(handlers: Handlers, log: (msg: string, err?: unknown) => void = () => {}): Router {
  return {
    async invoke(name, rawInput, ctx) {
      if (!isChannel(name)) {
        return {
          ok: false,
          error: { code: 'unknown-channel', message: `There is no channel named ${JSON.stringify(String(name)).slice(0, 80)}.` },
        };
      }
      const parsed = contract[name].input.safeParse(rawInput);
      if (!parsed.success) {
        const issues = zodIssues(parsed.error);
        return {
          ok: false,
          error: { code: 'validation', message: `Invalid input for ${name}: ${describeIssues(issues)}`, details: { issues } },
        };
      }
      try {
        const handler = handlers[name] as Handler<Channel>;
        const value = await handler(parsed.data as never, ctx);
        return { ok: true, value };
      } catch (err) {
        const error = toWorkbenchError(err);
        if (error.code === 'internal') log(`handler ${name} failed`, err);
        return { ok: false, error };
      }
    },
  };
}
