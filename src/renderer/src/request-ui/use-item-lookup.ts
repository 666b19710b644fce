import { useEffect, useState } from 'react';
import { itemsByIdRequest, lookupAnswer, lookupBatches } from '@shared/search';
import type { ItemRef } from '../components/ItemCell';
import { useAppStore } from '../store/store';
import { runRequest } from './run-request';

/**
 * Items a screen knows by id only (from a log, a judgment list), shown as Search shows them — image, title, brand —
 * by asking the active profile's service for those ids (see `itemsByIdRequest`). What was answered is kept for the
 * session, per profile, so a row that comes back does not ask again; at most `MAX_KEPT` items are kept.
 */

const MAX_KEPT = 20_000;
/** Per profile: an item by id, null when the catalog answered without it. */
const kept = new Map<string, Map<string, ItemRef | null>>();
let counter = 0;

function keptFor(profile: string): Map<string, ItemRef | null> {
  let m = kept.get(profile);
  if (!m) kept.set(profile, (m = new Map()));
  return m;
}

function keep(into: Map<string, ItemRef | null>, answered: Map<string, ItemRef | null>): void {
  for (const [id, item] of answered) {
    if (into.size >= MAX_KEPT) into.delete(into.keys().next().value as string);
    into.set(id, item);
  }
}

export interface ItemLookup {
  /** The item as the catalog answered it, or the bare id while asking, when not found, or when the lookup failed. */
  item: (id: string) => ItemRef | string;
  /** Why titles are missing, when the service refused or failed the lookup; null otherwise. */
  problem: string | null;
  /** How many of the ids the catalog answered without (no longer in it): shown by their ids. */
  missing: number;
}

/** What a screen says under items the catalog no longer has (null when it has them all). */
export function missingNote(lookup: ItemLookup): string | null {
  if (lookup.problem) return lookup.problem;
  if (!lookup.missing) return null;
  return lookup.missing === 1
    ? '1 item here is not in the catalog now: it is shown by its id.'
    : `${lookup.missing.toLocaleString('en-US')} items here are not in the catalog now: they are shown by their ids.`;
}

/** The items of these ids, looked up once each on the active profile's service. */
export function useItemLookup(ids: readonly string[]): ItemLookup {
  const profile = useAppStore((s) => s.activeProfile());
  const token = profile?.searchTokens[0]?.token ?? '';
  const profileKey = profile ? `${profile.id}\u0000${token}` : '';
  const [, setVersion] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const idsKey = ids.join('\u0000');
  useEffect(() => {
    if (!profileKey || !token) return;
    const known = keptFor(profileKey);
    const wanted = lookupBatches(ids.filter((id) => id && !known.has(id)));
    if (!wanted.length) return;
    let live = true;
    void (async () => {
      for (const batch of wanted) {
        const r = await runRequest({
          requestId: `item-lookup-${++counter}`,
          kind: 'search',
          request: itemsByIdRequest(token, batch),
          record: false,
        });
        if (!live) return;
        if (!r.ok) {
          setProblem(`Titles and images not shown: the service did not answer a search for these ids (${r.error.message}).`);
          return;
        }
        keep(known, lookupAnswer(batch, r.value.response.items ?? []));
        setVersion((v) => v + 1);
      }
      setProblem(null);
    })();
    return () => {
      live = false;
    };
    // idsKey stands for ids: the same ids in a new array ask nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idsKey, profileKey, token]);
  // Read fresh each render: the version bump above re-renders when an answer adds to the kept items.
  const known = profileKey ? keptFor(profileKey) : null;
  const noToken =
    profile && !token && ids.length
      ? `Titles and images not shown: the profile ${profile.name} has no search token to look the items up with (Profiles → Search tokens).`
      : null;
  const missing = known ? new Set(ids.filter((id) => known.get(id) === null)).size : 0;
  return { item: (id: string) => known?.get(id) ?? id, problem: noToken ?? problem, missing };
}
