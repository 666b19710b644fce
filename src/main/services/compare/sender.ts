import type { KindedRequest } from '../../../shared/request';
import { sendFailure } from '../pacing';
import type { SearchClient } from '../search';
import type { SendOutcome, SideSender } from './runner';

export interface SideTarget {
  baseUrl: string;
}

/**
 * Sends a batch's requests, each of its own kind, through the app's search client on its lean path
 * (no bodies kept in the exchange record, no shape check: the runner keeps
 * the answer). Failures come back with their status and any Retry-After.
 */
export function searchSender(
  client: SearchClient,
  targets: (side: 'a' | 'b') => SideTarget,
  options: { deadlineMs?: number } = {},
): SideSender {
  return async (side, request: KindedRequest, signal): Promise<SendOutcome> => {
    let target: SideTarget;
    try {
      target = targets(side);
    } catch (err) {
      return { ok: false, error: { code: 'validation', message: (err as Error).message }, ms: null };
    }
    try {
      // One call for every kind: the client builds each kind's address and checks each kind's answer.
      const outcome = await client.send(
        target.baseUrl,
        { ...request, transport: 'post' },
        {
          signal,
          lean: true,
          ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
        },
      );
      return {
        ok: true,
        response: outcome.response,
        ms: outcome.exchange.timings.totalMs,
        status: outcome.exchange.status ?? 200,
        raw: outcome.raw,
      };
    } catch (err) {
      return sendFailure(err);
    }
  };
}
