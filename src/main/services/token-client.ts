import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { failure, WorkbenchFailure } from '../../shared/ipc/result';
import type { AuthMethod } from '../../shared/profiles';
import { RateLimiter, retryAfterMs, withRetries } from './retry';
import type { HttpClient, HttpOutcome } from './http/client';
import type { ExchangeRecord } from '../../shared/exchange';

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

export interface TokenCredentials {
  tokenUrl: string;
  clientId: string;
  authMethod: AuthMethod;
  /** Read from the secret store only when a grant is needed. */
  secret: () => Promise<string | undefined>;
}

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
  /** Upper bound for one backoff wait (Retry-After included). */
  maxBackoffMs?: number;
  random?: () => number;
  onExchange?: (exchange: ExchangeRecord) => void;
}

/** `Basic base64(urlencode(id):urlencode(secret))`, as the client-credentials grant asks. */
export function basicAuthorization(clientId: string, secret: string): string {
  const form = (s: string) => new URLSearchParams({ x: s }).toString().slice(2);
  return `Basic ${Buffer.from(`${form(clientId)}:${form(secret)}`).toString('base64')}`;
}

/**
 * OpenID Connect client credentials with care for the identity server: one
 * cached token per (token URL, client id) until shortly before it expires,
 * one request in flight shared by concurrent callers, a client-side rate
 * limit, Retry-After honoured on 429, bounded exponential backoff with
 * jitter, and a fresh client assertion (new jti) for every attempt — which
 * is why undici's generic retry is not used here.
 */
export class TokenClient {
  private readonly cache = new Map<string, CachedToken>();
  private readonly inflight = new Map<string, Promise<CachedToken>>();
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

  private key(c: Pick<TokenCredentials, 'tokenUrl' | 'clientId'>): string {
    return `${c.tokenUrl}\u0000${c.clientId}`;
  }

  /** Renew this long before expiry: 30 s, or a fifth of a short lifetime. */
  static safetyMarginMs(expiresInS: number): number {
    return Math.min(30_000, expiresInS * 200);
  }

  async token(credentials: TokenCredentials, signal?: AbortSignal): Promise<CachedToken> {
    const key = this.key(credentials);
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > this.now()) return cached;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const request = this.grant(credentials, signal).finally(() => this.inflight.delete(key));
    this.inflight.set(key, request);
    return request;
  }

  /** The exchange record of the last token request for these credentials (secrets redacted). */
  lastExchange(credentials: Pick<TokenCredentials, 'tokenUrl' | 'clientId'>): ExchangeRecord | undefined {
    return this.exchanges.get(this.key(credentials));
  }

  invalidate(credentials: Pick<TokenCredentials, 'tokenUrl' | 'clientId'>): void {
    this.cache.delete(this.key(credentials));
  }

  status(credentials: Pick<TokenCredentials, 'tokenUrl' | 'clientId' | 'authMethod'>): TokenStatus {
    const key = this.key(credentials);
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
    try {
      key = await importPKCS8(secret, 'RS256');
    } catch (err) {
      throw failure(
        'auth',
        `The stored private key for ${c.clientId} cannot be read (${(err as Error).message}). Generate a new key pair in Profiles.`,
      );
    }
    const now = Math.floor(this.now() / 1000);
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(c.clientId)
      .setSubject(c.clientId)
      .setAudience(c.tokenUrl)
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

  private async grant(c: TokenCredentials, signal?: AbortSignal): Promise<CachedToken> {
    if (!c.tokenUrl)
      throw failure('validation', 'The profile has no token endpoint: fill in the auth URL and tenant.', { field: 'authUrl' });
    if (!c.clientId) throw failure('validation', 'The profile has no client id: fill it in under Profiles.', { field: 'clientId' });
    const secret = await c.secret();
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
    const last = await withRetries<HttpOutcome>(
      async () => {
        await this.limiter.take(c.tokenUrl);
        const { headers, body } = await this.body(c, secret); // a new assertion, and jti, for every attempt
        const outcome = await this.http.send({ method: 'POST', url: c.tokenUrl, headers, body, ...(signal ? { signal } : {}) });
        this.options.onExchange?.(outcome.exchange);
        this.exchanges.set(this.key(c), outcome.exchange);
        if (!outcome.ok)
          return { value: outcome, ...(outcome.error.code === 'cancelled' || outcome.error.code === 'timeout' ? {} : { retry: {} }) };
        if (outcome.status !== 429 && outcome.status < 500) return { value: outcome };
        return { value: outcome, retry: { afterMs: retryAfterMs(outcome.headers['retry-after'], this.now()) } };
      },
      {
        policy: { attempts: this.options.maxAttempts ?? 4, baseDelayMs: 500, maxDelayMs: this.options.maxBackoffMs ?? 10_000 },
        sleep: this.sleep,
        ...(this.options.random ? { random: this.options.random } : {}),
      },
    );
    if (!last.ok) throw new WorkbenchFailure({ ...last.error, details: { ...last.error.details, exchange: last.exchange } });
    if (last.status === 200) return this.accept(c, last.text, last.exchange);
    throw this.rejected(c, last);
  }

  private accept(c: TokenCredentials, text: string, exchange: ExchangeRecord): CachedToken {
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
    const key = this.key(c);
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
