import type { Transport } from '../shared/app';

/**
 * The renderer's Content Security Policy. Scripts, workers and images only
 * from the app itself; no network from the renderer in the desktop build
 * (main makes every call, images included). Browser mode talks to its own
 * host, so it allows `connect-src 'self'`.
 *
 * `style-src 'unsafe-inline'` stays, for Monaco alone: it creates `<style>`
 * elements at run time (themes, decorations, widgets) from a dozen places
 * with no way to give them a nonce, and writes `style="…"` attributes per
 * rendered line, which no nonce or hash can allow (monaco-editor issues
 * #271 and #4927). Trusted Types guard script sinks, not styles. What the
 * exception admits is CSS only: scripts stay `'self'` with no inline code.
 */
export function contentSecurityPolicy(transport: Transport): string {
  const directives: Record<string, string> = {
    'default-src': "'none'",
    'script-src': "'self'",
    'worker-src': "'self' blob:",
    'style-src': "'self' 'unsafe-inline'",
    // Product images come through main's image proxy (same origin); the renderer fetches nothing itself.
    'img-src': "'self' data:",
    'font-src': "'self' data:",
    'connect-src': transport === 'electron' ? "'none'" : "'self'",
    'base-uri': "'none'",
    'form-action': "'none'",
    'frame-ancestors': "'none'",
    'object-src': "'none'",
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}

/** Headers sent with every renderer document, in both transports. */
export function documentSecurityHeaders(transport: Transport): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(transport),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
