/**
 * Which profile a pasted request was meant for: the profile whose search base
 * URL has the same origin (scheme, host, port) and whose path is a prefix of
 * the request's base path. The longest such path wins. Loopback names
 * (localhost, 127.0.0.1, [::1]) are one host.
 */

export interface ProfileAddress {
  id: string;
  name: string;
  searchUrl: string;
}

interface Place {
  origin: string;
  path: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function placeOf(url: string): Place | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = LOOPBACK.has(parsed.hostname) ? 'loopback' : parsed.hostname.toLowerCase();
  // URL drops a scheme's default port, so https://h and https://h:443 are one origin.
  return { origin: `${parsed.protocol}//${host}${parsed.port ? `:${parsed.port}` : ''}`, path: parsed.pathname.replace(/\/+$/, '') };
}

export function profileForBaseUrl<P extends ProfileAddress>(profiles: readonly P[], baseUrl: string): P | null {
  const wanted = placeOf(baseUrl);
  if (!wanted) return null;
  let best: { profile: P; length: number } | null = null;
  for (const profile of profiles) {
    const place = placeOf(profile.searchUrl);
    if (!place || place.origin !== wanted.origin) continue;
    if (wanted.path !== place.path && !wanted.path.startsWith(`${place.path}/`)) continue;
    if (!best || place.path.length > best.length) best = { profile, length: place.path.length };
  }
  return best?.profile ?? null;
}

/** The host (and port) a base URL names, for messages: `search.example.com`. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
