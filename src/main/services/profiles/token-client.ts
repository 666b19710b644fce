import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { failure, WorkbenchFailure, type ExchangeRecord } from '../../../shared/errors';
import type { AssertionAudience, AuthMethod } from '../../../shared/profiles';
import { keyThumbprint } from './keys';
import { RateLimiter, retryAfterMs, withRetries } from '../pacing';
import type { HttpClient, HttpOutcome } from '../http';

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

export interface TokenCredentials {
  tokenUrl: string;
  clientId: string;
  authMethod: AuthMethod;
  /** Whom a client assertion is addressed to; the token endpoint when left out. */
  audience?: AssertionAudience;
  /** Read from the secret store: its fingerprint keys the cache, and a grant sends it. */
  secret: () => Promise<string | undefined>;
}

/** The realm's issuer URL, from its token endpoint (`…/realms/<tenant>/protocol/openid-connect/token`). */
export function issuerOf(tokenUrl: string): string {
  return tokenUrl.replace(/\/protocol\/openid-connect\/token\/?$/, '');
}

interface Inflight {
  promise: Promise<CachedToken>;
  /** Aborts the grant: only once every caller waiting on it has cancelled. */
  controller: AbortController;
  waiting: number;
}

const cancelled = () => failure('cancelled', 'The request was cancelled.');

export interface CachedToken {
  accessToken: string;
  tokenType: string;
  expiresAt: number;
  grantedAt: number;
}

export interface TokenStatus {
  cached: boolean;
  expiresInMs: number | null;
  lastGrantAt: string | null;
  authMethod: AuthMethod;
  grants: number;
}

export interface TokenClientOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Token requests per second per token URL; well under the service's 10. */
  maxRequestsPerSecond?: number;
  maxAttempts?: number;
  /** Upper bound for one computed backoff wait. */
  maxBackoffMs?: number;
  /** The request deadline (ms): a Retry-After within it is waited in full, a longer one fails at once. */
  deadlineMs?: () => number;
  random?: () => number;
  onExchange?: (exchange: ExchangeRecord) => void;
  /** What to do about an unreadable private key, in the words of where the user is (the app's Profiles screen by default). */
  badKeyRemedy?: string;
}

/** `Basic base64(urlencode(id):urlencode(secret))`, as the client-credentials grant asks. */
export function basicAuthorization(clientId: string, secret: string): string {
  const form = (s: string) => new URLSearchParams({ x: s }).toString().slice(2);
  return `Basic ${Buffer.from(`${form(clientId)}:${form(secret)}`).toString('base64')}`;
}

/**
 * OpenID Connect client credentials with care for the identity server: one
 * cached token per credential (token URL, client id, method, audience and a
 * fingerprint of the secret, so a profile with a wrong secret never gets
 * another's token) until shortly before it expires, one request in flight
 * shared by concurrent callers (one caller cancelling leaves the others'
 * grant running), a client-side rate limit, Retry-After honoured on 429,
 * bounded exponential backoff with jitter, and a fresh client assertion (new
 * jti) for every attempt — which is why undici's generic retry is not used.
 */
export class TokenClient {
  private readonly cache = new Map<string, CachedToken>();
  private readonly inflight = new Map<string, Inflight>();
  /** Keys the secret fingerprints, so no stable hash of a secret exists even in memory. */
  private readonly fingerprintKey = randomBytes(32);
  private readonly thumbprints = new Map<string, string>();
  private readonly limiter: RateLimiter;
  private readonly grants = new Map<string, { at: number; count: number }>();
  private readonly exchanges = new Map<string, ExchangeRecord>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly http: HttpClient,
    private readonly options: TokenClientOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.limiter = new RateLimiter(options.maxRequestsPerSecond ?? 5, this.now, this.sleep);
  }

  /** The cache key of a credential: everything that decides which token a grant returns. */
  private async key(c: TokenCredentials): Promise<{ key: string; secret: string | undefined }> {
    const secret = await c.secret();
    const fingerprint = secret ? createHmac('sha256', this.fingerprintKey).update(secret).digest('hex').slice(0, 32) : 'none';
    return { key: [c.tokenUrl, c.clientId, c.authMethod, c.audience ?? 'token-endpoint', fingerprint].join('\u0000'), secret };
  }

  /** Renew this long before expiry: 30 s, or a fifth of a short lifetime. */
  static safetyMarginMs(expiresInS: number): number {
    return Math.min(30_000, expiresInS * 200);
  }

  async token(credentials: TokenCredentials, signal?: AbortSignal): Promise<CachedToken> {
    if (signal?.aborted) throw cancelled();
    const { key, secret } = await this.key(credentials);
    if (signal?.aborted) throw cancelled();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > this.now()) return cached;
    let entry = this.inflight.get(key);
    if (!entry) {
      const controller = new AbortController();
      const promise = this.grant(credentials, secret, key, controller.signal).finally(() => this.inflight.delete(key));
      promise.catch(() => {}); // every caller gets the outcome through wait(); none is left unhandled
      entry = { promise, controller, waiting: 0 };
      this.inflight.set(key, entry);
    }
    return this.wait(entry, signal);
  }

  /** One caller's wait on a shared grant: its cancel ends its own wait, and the grant only when no one else waits. */
  private wait(entry: Inflight, signal: AbortSignal | undefined): Promise<CachedToken> {
    entry.waiting += 1;
    return new Promise<CachedToken>((resolve, reject) => {
      let settled = false;
      const leave = () => {
        if (settled) return false;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        entry.waiting -= 1;
        return true;
      };
      const onAbort = () => {
        if (!leave()) return;
        if (entry.waiting === 0) entry.controller.abort();
        reject(cancelled());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(
        (token) => leave() && resolve(token),
        (err: unknown) => leave() && reject(err),
      );
    });
  }

  /** The exchange record of the last token request for these credentials (secrets redacted). */
  async lastExchange(credentials: TokenCredentials): Promise<ExchangeRecord | undefined> {
    return this.exchanges.get((await this.key(credentials)).key);
  }

  async invalidate(credentials: TokenCredentials): Promise<void> {
    this.cache.delete((await this.key(credentials)).key);
  }

  /** Forgets every token of a client at a token URL, whatever secret got it (after its credentials change). */
  forgetClient(credentials: Pick<TokenCredentials, 'tokenUrl' | 'clientId'>): void {
    const prefix = `${credentials.tokenUrl}\u0000${credentials.clientId}\u0000`;
    for (const key of [...this.cache.keys()]) if (key.startsWith(prefix)) this.cache.delete(key);
  }

  async status(credentials: TokenCredentials): Promise<TokenStatus> {
    const { key } = await this.key(credentials);
    const cached = this.cache.get(key);
    const grant = this.grants.get(key);
    const live = cached && cached.expiresAt > this.now() ? cached : undefined;
    return {
      cached: !!live,
      expiresInMs: live ? live.expiresAt - this.now() : null,
      lastGrantAt: grant ? new Date(grant.at).toISOString() : null,
      authMethod: credentials.authMethod,
      grants: grant?.count ?? 0,
    };
  }

  private async body(c: TokenCredentials, secret: string): Promise<{ headers: [string, string][]; body: string }> {
    const headers: [string, string][] = [
      ['Content-Type', 'application/x-www-form-urlencoded'],
      ['Accept', 'application/json'],
    ];
    if (c.authMethod === 'client-secret') {
      headers.push(['Authorization', basicAuthorization(c.clientId, secret)]);
      return { headers, body: new URLSearchParams({ grant_type: 'client_credentials' }).toString() };
    }
    let key;
    let kid: string;
    try {
      key = await importPKCS8(secret, 'RS256');
      kid = await this.thumbprint(secret);
    } catch (err) {
      throw failure(
        'auth',
        `The private key for ${c.clientId} cannot be read (${(err as Error).message}). ${this.options.badKeyRemedy ?? 'Generate a new key pair in Profiles.'}`,
      );
    }
    const now = Math.floor(this.now() / 1000);
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
      .setIssuer(c.clientId)
      .setSubject(c.clientId)
      .setAudience(c.audience === 'issuer' ? issuerOf(c.tokenUrl) : c.tokenUrl)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    this.http.redactor.remember(assertion);
    return {
      headers,
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: c.clientId,
        client_assertion_type: JWT_BEARER,
        client_assertion: assertion,
      }).toString(),
    };
  }

  /** The private key's `kid`, worked out once per key. */
  private async thumbprint(privateKeyPem: string): Promise<string> {
    const id = createHmac('sha256', this.fingerprintKey).update(privateKeyPem).digest('hex');
    let kid = this.thumbprints.get(id);
    if (!kid) {
      kid = await keyThumbprint(privateKeyPem);
      this.thumbprints.set(id, kid);
    }
    return kid;
  }

  private async grant(c: TokenCredentials, secret: string | undefined, key: string, signal: AbortSignal): Promise<CachedToken> {
    if (!c.tokenUrl)
      throw failure('validation', 'The profile has no token endpoint: fill in the auth URL and tenant.', { field: 'authUrl' });
    if (!c.clientId) throw failure('validation', 'The profile has no client id: fill it in under Profiles.', { field: 'clientId' });
    if (!secret) {
      throw failure(
        'auth',
        c.authMethod === 'client-secret'
          ? `No client secret is stored for ${c.clientId}: set it under Profiles.`
          : `No private key is stored for ${c.clientId}: generate a key pair under Profiles.`,
        {
          field: c.authMethod === 'client-secret' ? 'clientSecret' : 'privateKey',
        },
      );
    }
    this.http.redactor.remember(secret);
    let tooLong: number | undefined;
    const last = await withRetries<HttpOutcome>(
      async () => {
        await this.limiter.take(c.tokenUrl);
        const { headers, body } = await this.body(c, secret); // a new assertion, and jti, for every attempt
        const outcome = await this.http.send({ method: 'POST', url: c.tokenUrl, headers, body, signal });
        this.options.onExchange?.(outcome.exchange);
        this.exchanges.set(key, outcome.exchange);
        if (!outcome.ok)
          return { value: outcome, ...(outcome.error.code === 'cancelled' || outcome.error.code === 'timeout' ? {} : { retry: {} }) };
        if (outcome.status !== 429 && outcome.status < 500) return { value: outcome };
        return { value: outcome, retry: { afterMs: retryAfterMs(outcome.headers['retry-after'], this.now()) } };
      },
      {
        policy: { attempts: this.options.maxAttempts ?? 4, baseDelayMs: 500, maxDelayMs: this.options.maxBackoffMs ?? 10_000 },
        sleep: this.sleep,
        deadlineMs: this.options.deadlineMs?.() ?? 30_000,
        onTooLong: (ms) => (tooLong = ms),
        ...(this.options.random ? { random: this.options.random } : {}),
      },
    );
    if (!last.ok) throw new WorkbenchFailure({ ...last.error, details: { ...last.error.details, exchange: last.exchange } });
    if (tooLong !== undefined)
      throw failure(
        'http',
        `rate limited: the identity server asks to retry after ${Math.ceil(tooLong / 1000)} s, longer than the request timeout allows. Try again then.`,
        { status: last.status, exchange: last.exchange },
      );
    if (last.status === 200) return this.accept(key, last.text, last.exchange);
    throw this.rejected(c, last);
  }

  private accept(key: string, text: string, exchange: ExchangeRecord): CachedToken {
    let body: { access_token?: unknown; expires_in?: unknown; token_type?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      throw failure('auth', 'The token endpoint answered 200 without JSON.', { exchange });
    }
    if (typeof body.access_token !== 'string') throw failure('auth', 'The token endpoint answered without an access_token.', { exchange });
    this.http.redactor.remember(body.access_token);
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 60;
    const now = this.now();
    const token: CachedToken = {
      accessToken: body.access_token,
      tokenType: typeof body.token_type === 'string' ? body.token_type : 'Bearer',
      expiresAt: now + expiresIn * 1000 - TokenClient.safetyMarginMs(expiresIn),
      grantedAt: now,
    };
    this.cache.set(key, token);
    this.grants.set(key, { at: now, count: (this.grants.get(key)?.count ?? 0) + 1 });
    return token;
  }

  private rejected(c: TokenCredentials, outcome: Extract<HttpOutcome, { ok: true }>): WorkbenchFailure {
    // The service's own sentence, ended once: "…is wrong." not "…is wrong..".
    const detail = (outcome.exchange.serviceMessage ?? `status ${outcome.status}`).replace(/[.!?\s]+$/, '');
    let hint = '';
    if (outcome.status === 401) {
      hint =
        c.authMethod === 'client-secret'
          ? ' Check the client id and secret.'
          : " Check the client id, that the public key is registered with the operator, and this machine's clock.";
    } else if (outcome.status === 429) hint = ' The identity server is rate limiting; wait a moment.';
    return failure('auth', `Token request for ${c.clientId} was refused (${outcome.status}): ${detail}.${hint}`, {
      status: outcome.status,
      ...(outcome.exchange.serviceMessage ? { serviceMessage: outcome.exchange.serviceMessage } : {}),
      exchange: outcome.exchange,
    });
  }
}

export function tokenEndpoint(authUrl: string, tenant: string): string {
  return `${authUrl.replace(/\/+$/, '')}/auth/realms/${encodeURIComponent(tenant)}/protocol/openid-connect/token`;
}
