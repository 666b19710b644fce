import type { ChannelInput, Result } from '@shared/ipc';
import type { RunOutput, RunOutputOf } from '@shared/search';
import type { RequestKind } from '@shared/request';
import { workbench } from '../bridge';

export type RunInputOf<K extends RequestKind> = Extract<ChannelInput<'search:run'>, { kind: K }>;

const ofKind = <K extends RequestKind>(output: RunOutput, kind: K): output is RunOutputOf<K> => output.kind === kind;

/** `search:run` for one kind, answering with that kind's response type. */
export async function runRequest<K extends RequestKind>(input: RunInputOf<K>): Promise<Result<RunOutputOf<K>>> {
  const result = await workbench().search.run(input);
  if (!result.ok) return result;
  if (ofKind(result.value, input.kind)) return { ok: true, value: result.value };
  return { ok: false, error: { code: 'internal', message: `Main answered a ${result.value.kind} request for a ${input.kind} one.` } };
}

/** Cancels a `search:run` in flight by its request id. */
export function cancelRequest(requestId: string): Promise<unknown> {
  return workbench().request.cancel({ requestId });
}
