import { randomBytes, timingSafeEqual } from 'node:crypto';
import { LAUNCH_TTL_MS, type SessionGrant } from '../../shared/ipc';

/**
 * Browser-mode request checks. Every request: the Host header must name
 * this loopback listener (defeats DNS rebinding), any Origin must be our own
 * and Sec-Fetch-Site not another site (defeats other web pages). The API
 * then needs a session token in a header — never a cookie, which a browser
 * sends to every port of 127.0.0.1 — and a session is had only by trading a
 * single-use, short-lived launch token.
 */
export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403 | 404; reason: string };

/**
 * What a route needs, declared where the route is registered and decided on the route the router matched —
 * never on a prefix of the raw URL, which the router reads decoded (`/%5F_workbench/…` is `/__workbench/…` to it).
 * A route that declares nothing, and the not-found handler, need a session: the default is to deny.
 * - `public`: the page and the built files (they hold no secret and open no session);
 * - `launch`: trading a launch token for a session (the handler checks the token);
 * - `image`: the image proxy, with a session's images-only key in the query;
 * - `session`: everything else, with the session header.
 */
export type RouteAccess = 'public' | 'launch' | 'image' | 'session';

/** Reads a route's declared access; anything else (nothing declared, the not-found handler) is `session`. */
export function accessOf(config: unknown): RouteAccess {
  const access = config && typeof config === 'object' ? (config as { access?: unknown }).access : undefined;
  return access === 'public' || access === 'launch' || access === 'image' ? access : 'session';
}

/**
 * Why a request path is refused before routing, or undefined when it is plain. Refused: a path whose decoded
 * form could mean another path than it reads — an encoded `/`, `\\` or `%` (double encoding), a backslash, a
 * `;` parameter, an empty segment (`//`), a `.` or `..` segment (written or encoded), a control character, or
 * percent-encoding that does not decode. Nothing the workbench serves has such a name.
 */
export function pathProblem(rawUrl: string): string | undefined {
  const query = rawUrl.indexOf('?');
  const path = query < 0 ? rawUrl : rawUrl.slice(0, query);
  if (!path.startsWith('/')) return 'the path does not start with /';
  if (/%(2f|5c|25|3b|00)/i.test(path)) return 'the path encodes /, \\, %, ; or NUL';
  if (/[\\;]/.test(path)) return 'the path holds a backslash or a ; parameter';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'the path holds percent-encoding that does not decode';
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return 'the path holds a control character';
  const segments = decoded.split('/').slice(1);
  if (segments.slice(0, -1).some((s) => s === '')) return 'the path has an empty segment (//)';
  if (segments.some((s) => s === '.' || s === '..')) return 'the path has a . or .. segment';
  return undefined;
}

export interface OriginInput {
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
}

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function secretsMatch(given: string | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function checkOrigin(input: OriginInput, port: number): GuardVerdict {
  const hosts = allowedHosts(port);
  if (!input.host || !hosts.includes(input.host.toLowerCase())) {
    return { ok: false, status: 403, reason: `Host ${JSON.stringify(input.host ?? '')} is not this workbench (${hosts[0]}).` };
  }
  if (input.origin !== undefined && !hosts.some((h) => input.origin === `http://${h}`)) {
    return { ok: false, status: 403, reason: `Requests from ${input.origin} are not accepted.` };
  }
  if (input.secFetchSite === 'cross-site' || input.secFetchSite === 'same-site') {
    return { ok: false, status: 403, reason: 'Requests from other sites are not accepted.' };
  }
  return { ok: true };
}

const token = () => randomBytes(32).toString('base64url');

export const FRESH_LAUNCH_HINT = 'Press Enter in the terminal running `serve` for a fresh launch URL, and open it in this tab.';

/**
 * The launch token and the sessions it opened. One launch token is valid at
 * a time: it opens one session, or none once it is two minutes old; a new
 * one is issued on request (Enter in the terminal). Sessions last while the
 * host runs.
 */
export class Sessions {
  private launch: { token: string; issuedAt: number; used: boolean };
  private readonly sessions = new Map<string, SessionGrant>();

  constructor(
    private readonly now: () => number = Date.now,
    first?: string,
    private readonly ttlMs = LAUNCH_TTL_MS,
  ) {
    this.launch = { token: first ?? token(), issuedAt: now(), used: false };
  }

  get launchToken(): string {
    return this.launch.token;
  }

  /** A new launch token; the previous one is void (the sessions it opened go on). */
  renewLaunch(fixed?: string): string {
    this.launch = { token: fixed ?? token(), issuedAt: this.now(), used: false };
    return this.launch.token;
  }

  /** Trades the launch token for a new session, once, within its lifetime. */
  redeem(given: unknown): { ok: true; grant: SessionGrant } | { ok: false; reason: string } {
    if (typeof given !== 'string' || !secretsMatch(given, this.launch.token))
      return { ok: false, reason: `This launch link is not (or no longer) the current one. ${FRESH_LAUNCH_HINT}` };
    if (this.launch.used)
      return { ok: false, reason: `This launch link was used already, in another tab or before a restart. ${FRESH_LAUNCH_HINT}` };
    if (this.now() - this.launch.issuedAt > this.ttlMs)
      return { ok: false, reason: `This launch link expired: it must be opened within 2 minutes. ${FRESH_LAUNCH_HINT}` };
    this.launch.used = true;
    const grant = { session: token(), imageKey: token() };
    this.sessions.set(grant.session, grant);
    return { ok: true, grant };
  }

  /** A request to the API: its session header must name a session. */
  checkSession(header: unknown): GuardVerdict {
    if (typeof header === 'string' && [...this.sessions.keys()].some((s) => secretsMatch(header, s))) return { ok: true };
    return { ok: false, status: 401, reason: `This tab has no workbench session. ${FRESH_LAUNCH_HINT}` };
  }

  /** An image request: its key must be a session's images-only key. */
  checkImageKey(key: unknown): GuardVerdict {
    if (typeof key === 'string' && [...this.sessions.values()].some((g) => secretsMatch(key, g.imageKey))) return { ok: true };
    return { ok: false, status: 401, reason: 'Images need the key of an open workbench session.' };
  }
}
