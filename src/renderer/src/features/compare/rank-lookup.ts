import { findRank, type RankLookup } from '@shared/diff';
import { nextRequestId } from '../../request-ui/lifecycle';
import { runRequest } from '../../request-ui/run-request';
import { useAppStore } from '../../store/store';
import type { SideKey } from './compare-state';

/**
 * Where an item sits in one side's answer beyond the page on screen: that
 * side's request again, ids only, page after page from the first place not
 * shown, to the service's offset limit. Left out of the history.
 */
export async function lookupRank(side: SideKey, id: string): Promise<RankLookup> {
  const state = useAppStore.getState();
  const answer = state.compare.answers[side];
  const request = answer.request;
  if (!request || !answer.result) return { kind: 'error', message: 'Send both sides first.' };
  const profileId = state.compare.sides[side].profileId;
  const shown = answer.result.response.items?.length ?? 0;
  return findRank(
    id,
    async (offset, limit) => {
      const result = await runRequest({
        requestId: nextRequestId(`rank-${side}`),
        ...(profileId ? { profileId } : {}),
        kind: 'search',
        transport: 'post',
        record: false,
        request: { ...request, options: { ...request.options, offset, limit, customResponseMask: 'id' } },
      });
      if (!result.ok) return { ok: false, message: result.error.message };
      const count = result.value.response.metadata?.count;
      return {
        ok: true,
        ids: (result.value.response.items ?? []).map((item) => item.id),
        count: typeof count === 'number' ? count : undefined,
      };
    },
    { from: (request.options?.offset ?? 0) + shown },
  );
}
