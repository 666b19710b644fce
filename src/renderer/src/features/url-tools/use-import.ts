import type { ProfileView } from '@shared/profiles';
import { importRequest, type ImportedRequest } from '@shared/request/import';
import { hostOf, profileForBaseUrl } from '@shared/url/match-profile';
import { useAppStore } from '../../store/store';

/** Where a pasted request goes: the profile its address names, or (when none does) what the user must choose. */
export type Destination =
  | { kind: 'profile'; profile: ProfileView; matched: boolean }
  | { kind: 'ask'; host: string; baseUrl: string; active: ProfileView | undefined };

/**
 * The profile whose search address the pasted request had; a JSON body (no
 * address) goes to the active profile; an address no profile has is a
 * question for the user, asked before anything is sent.
 */
export function destinationOf(imported: ImportedRequest): Destination {
  const state = useAppStore.getState();
  const profiles = state.profiles?.profiles ?? [];
  const active = state.activeProfile();
  if (!imported.baseUrl)
    return active ? { kind: 'profile', profile: active, matched: false } : { kind: 'ask', host: '', baseUrl: '', active };
  const match = profileForBaseUrl(profiles, imported.baseUrl);
  if (match) return { kind: 'profile', profile: match, matched: true };
  return { kind: 'ask', host: hostOf(imported.baseUrl), baseUrl: imported.baseUrl, active };
}

/**
 * Opens an imported request where it belongs — a search in a new Search tab,
 * a suggest or autocomplete in its screen — on the given profile, sent at once
 * unless told otherwise. The tab's notes name the host and the profile either way.
 */
export function openImported(
  imported: ImportedRequest,
  profile: ProfileView,
  options: { send?: boolean; matched?: boolean } = {},
): string | null {
  const state = useAppStore.getState();
  const from = imported.baseUrl ? ` from ${imported.baseUrl}` : '';
  const origin = `Pasted ${imported.source === 'url' ? 'URL' : imported.source === 'curl' ? (imported.format ?? 'cURL') : 'JSON'}${from} · ${profile.name}`;
  const where = imported.baseUrl
    ? options.matched
      ? `Sent to the profile “${profile.name}”: its search address matches ${hostOf(imported.baseUrl)}.`
      : `${hostOf(imported.baseUrl)} matches no profile; sent to “${profile.name}” as chosen.`
    : null;
  const notes = [...(where ? [where] : []), ...imported.notes];
  const other = profile.id !== state.profiles?.activeId;
  if (imported.kind === 'suggest' || imported.kind === 'autocomplete') {
    // These screens follow the active profile: switch to the one the request was for.
    const load = () =>
      imported.kind === 'suggest'
        ? state.loadSuggest(imported.request, { origin, send: options.send !== false })
        : state.loadAutocomplete(imported.request);
    if (other) void state.switchProfile(profile.id).then(load);
    else load();
    return null;
  }
  const tabId = state.openTab({
    request: imported.request,
    transport: imported.transport,
    notes: notes.map((message) => ({ code: 'trimmed', message })),
    origin,
    ...(other ? { profileId: profile.id } : {}),
  });
  state.setArea('search');
  if (options.send !== false) void state.send(tabId);
  return tabId;
}

export type ImportOutcome =
  | { ok: true }
  | { ok: false; message: string }
  | { ok: 'ask'; imported: ImportedRequest; destination: Extract<Destination, { kind: 'ask' }> };

/** Reads pasted text and opens it on the profile its address names; asks first when no profile has that address. */
export function importText(text: string, options: { send?: boolean } = {}): ImportOutcome {
  const result = importRequest(text);
  if (!result.ok) return result;
  const destination = destinationOf(result);
  if (destination.kind === 'ask') return { ok: 'ask', imported: result, destination };
  openImported(result, destination.profile, { ...options, matched: destination.matched });
  return { ok: true };
}
