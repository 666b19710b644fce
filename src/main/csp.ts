import type { Transport } from '../shared/ipc/contract';

/**
 * The renderer's Content Security Policy. Scripts, workers and images only
 * from the app itself; styles may be inline for Monaco; no network from the
 * renderer in the desktop build (main makes every call, images included).
 * Browser mode talks to its own host, so it allows `connect-src 'self'`.
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
