/**
 * Which links may leave the app for the user's browser: https only, no
 * credentials in the URL, and a host on the allowlist (or a subdomain of one).
 * Everything else is refused — the renderer never navigates away.
 */
export const DEFAULT_EXTERNAL_HOSTS = ['github.com', 'www.npmjs.com', 'developer.mozilla.org'];

export function isAllowedExternalUrl(raw: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return allowedHosts.some((allowed) => {
    const a = allowed.toLowerCase();
    return host === a || host.endsWith(`.${a}`);
  });
}

/** `app://workbench/x` → `app://workbench`; WHATWG gives custom schemes an opaque origin, so build it by hand. */
export function originOf(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}`;
  } catch {
    return undefined;
  }
}
