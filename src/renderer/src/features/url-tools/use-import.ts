import type { ProfileView } from '@shared/profiles';
import { importRequest, looksLikeRequest, type ImportedRequest } from '@shared/request';
import { brokenEscapesMessage, closestPreset, decodeStorefrontUrl, findMapping } from '@shared/storefront';
import { hostOf, profileForBaseUrl } from '@shared/url';
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
  const what =
    imported.source === 'url'
      ? 'URL'
      : imported.source === 'curl'
        ? (imported.format ?? 'cURL')
        : imported.source === 'storefront'
          ? `storefront URL (${imported.format ?? 'mapping'})`
          : 'JSON';
  const origin = `Pasted ${what}${from} · ${profile.name}`;
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
    ...(imported.steps ? { steps: imported.steps } : {}),
    ...(imported.pastedUrl ? { pastedUrl: imported.pastedUrl } : {}),
  });
  state.setArea('search');
  if (options.send !== false) void state.send(tabId);
  return tabId;
}

export type ImportOutcome =
  | { ok: true }
  | { ok: false; message: string }
  | { ok: 'ask'; imported: ImportedRequest; destination: Extract<Destination, { kind: 'ask' }> }
  /** A web page's URL that no profile's storefront mapping reads: the closest preset, to start a mapping from. */
  | { ok: 'unmapped'; url: string; host: string; preset: string };

/**
 * The URL a pasted text is, when it is one http(s) address and nothing else — with or without its scheme
 * (`shop.example.com/search?q=…`, as an address bar shows it, reads as https).
 */
export function pageUrl(text: string): URL | null {
  const trimmed = text.trim();
  if (/\s/.test(trimmed) || trimmed === '') return null;
  const withScheme = /^https?:\/\//i.test(trimmed)
    ? trimmed
    : /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?]|$)/i.test(trimmed)
      ? `https://${trimmed}`
      : null;
  if (!withScheme) return null;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

/**
 * A shopper's address-bar URL read with the storefront mapping of the profile
 * it belongs to (the active profile's mappings first): the exact search
 * request on that profile, each step explained, unknown parameters listed.
 */
export function storefrontImport(url: URL): { imported: ImportedRequest; profile: ProfileView } | { broken: string } | null {
  const state = useAppStore.getState();
  const profiles = state.profiles?.profiles ?? [];
  const active = state.activeProfile();
  const ordered = active ? [active, ...profiles.filter((p) => p.id !== active.id)] : profiles;
  const found = findMapping(ordered, url);
  if (!found) return null;
  const decoded = decodeStorefrontUrl(found.mapping, url);
  if (decoded.broken.length) return { broken: brokenEscapesMessage(decoded.broken) };
  const notes = [
    ...decoded.unknown.map(
      ({ name, value }) => `Unknown parameter, not sent: ${name}=${value} (the ${found.mapping.name} mapping does not read it).`,
    ),
    ...(decoded.ignored.length ? [`Ignored (the storefront's own): ${decoded.ignored.join(', ')}.`] : []),
    ...decoded.notes,
  ];
  const imported: ImportedRequest = {
    kind: 'search',
    transport: 'post',
    request: { token: found.profile.searchTokens[0]?.token ?? '', ...decoded.request },
    baseUrl: null,
    notes,
    source: 'storefront',
    format: found.mapping.name,
    steps: decoded.steps.map((s) => s.text),
    pastedUrl: url.href,
  };
  return { imported, profile: found.profile };
}

/**
 * What a pasted text is — the one reader of the paste dialog, URL tools and a paste anywhere, with one set of
 * messages: a request (with where it goes, and for a storefront URL the mapping that read it), a storefront page
 * no mapping reads yet (with the preset it looks like), or why it is none of these, in plain words.
 */
export type PasteReading =
  | { kind: 'empty' }
  | { kind: 'error'; message: string }
  | { kind: 'request'; imported: ImportedRequest; destination: Destination }
  | { kind: 'unmapped'; url: string; host: string; preset: string };

export function readPaste(text: string): PasteReading {
  if (text.trim() === '') return { kind: 'empty' };
  const page = pageUrl(text);
  const storefront = page ? storefrontImport(page) : null;
  if (storefront && 'broken' in storefront) return { kind: 'error', message: storefront.broken };
  if (storefront)
    return { kind: 'request', imported: storefront.imported, destination: { kind: 'profile', profile: storefront.profile, matched: true } };
  const result = importRequest(text);
  if (result.ok) return { kind: 'request', imported: result, destination: destinationOf(result) };
  // A page's URL with a query, not the API's: a storefront no mapping reads yet.
  if (page && page.search && !/\/search\/[^/?]+/.test(page.pathname))
    return { kind: 'unmapped', url: page.href, host: page.host, preset: closestPreset(page) };
  // Text that is no address, no devtools copy and no JSON at all: say so, not "the path / is not a search URL".
  if (!page && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim()) && !text.trim().startsWith('{') && !looksLikeRequest(text))
    return {
      kind: 'error',
      message:
        'This is not a URL, a cURL command or a JSON request. Paste the whole address as the browser shows it (https://…), a devtools copy (Copy as cURL), or a request body.',
    };
  return { kind: 'error', message: result.message };
}

/** Reads pasted text and opens it on the profile its address names; asks first when no profile has that address. */
export function importText(text: string, options: { send?: boolean } = {}): ImportOutcome {
  const reading = readPaste(text);
  if (reading.kind === 'empty')
    return { ok: false, message: 'Paste a search URL, a storefront URL, a cURL command or a JSON request body.' };
  if (reading.kind === 'error') return { ok: false, message: reading.message };
  if (reading.kind === 'unmapped') return { ok: 'unmapped', url: reading.url, host: reading.host, preset: reading.preset };
  const { imported, destination } = reading;
  if (destination.kind === 'ask') return { ok: 'ask', imported, destination };
  openImported(imported, destination.profile, { ...options, matched: destination.matched });
  return { ok: true };
}
