import { timingSafeEqual } from 'node:crypto';

/**
 * Browser-mode request checks, in order: the Host header must name this
 * loopback listener (defeats DNS rebinding), any Origin must be our own
 * (defeats other web pages), and the per-launch secret must be present.
 */
export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

export interface GuardInput {
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
  cookie: string | undefined;
  headerSecret: string | undefined;
}

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function cookieName(port: number): string {
  return `wb_secret_${port}`;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function secretsMatch(given: string | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function checkOrigin(input: GuardInput, port: number): GuardVerdict {
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

export function checkRequest(input: GuardInput, port: number, secret: string): GuardVerdict {
  const origin = checkOrigin(input, port);
  if (!origin.ok) return origin;
  const given = input.headerSecret ?? readCookie(input.cookie, cookieName(port));
  if (!secretsMatch(given, secret)) {
    return { ok: false, status: 401, reason: 'Open the workbench with the URL the host printed; it carries the launch secret.' };
  }
  return { ok: true };
}
