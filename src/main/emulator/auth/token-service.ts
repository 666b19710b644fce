import { randomBytes, timingSafeEqual } from 'node:crypto';
import { importSPKI, jwtVerify, SignJWT, errors as joseErrors, decodeProtectedHeader, type CryptoKey, type KeyObject } from 'jose';
import { EmulatorError } from '../errors';
import type { TenantConfig } from '../config';

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const RATE_LIMIT = 10;
const MAX_ASSERTION_LIFETIME_S = 60;
const CLOCK_SKEW_S = 5;

export interface TokenStats {
  grants: number;
  rejected: number;
  rateLimited: number;
  /** When token requests arrived (wall clock, ms since epoch, last 1,000), to check clients' pacing. */
  requestTimes: number[];
  /** Claims of the last 100 verified client assertions (no signatures), to check clients build them right. */
  recentAssertions: {
    clientId: string;
    kid: unknown;
    iss: unknown;
    sub: unknown;
    aud: unknown;
    jti: unknown;
    iat: unknown;
    exp: unknown;
  }[];
}

interface Account {
  tenant: string;
  clientId: string;
  clientSecret?: string;
  publicKey?: CryptoKey | KeyObject;
}

const oauth = (status: number, code: string, error: string, message: string, headers: Record<string, string> = {}) =>
  new EmulatorError(status, code, message, undefined, error, headers);

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Form-urlencoded decoding: '+' is a space, then %-escapes. */
function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

/**
 * The OpenID Connect token endpoint for the client-credentials grant (§5):
 * HTTP Basic with id and secret, or an RS256 JWT client assertion checked
 * with jose against the registered public key. Issues short-lived access
 * tokens signed by the emulator; limits each client to 10 requests a second.
 */
export class TokenService {
  private readonly accounts = new Map<string, Account>();
  private readonly seenJti = new Map<string, number>();
  private readonly recent = new Map<string, number[]>();
  private readonly signingKey = new Uint8Array(randomBytes(32));
  readonly stats: TokenStats = { grants: 0, rejected: 0, rateLimited: 0, requestTimes: [], recentAssertions: [] };

  constructor(
    private readonly tenants: ReadonlyMap<string, TenantConfig>,
    private readonly now: () => number = Date.now,
  ) {}

  async init(): Promise<void> {
    for (const t of this.tenants.values())
      for (const a of t.serviceAccounts) await this.register(t.id, a.clientId, a.clientSecret, a.publicKeyPem);
  }

  async register(tenant: string, clientId: string, clientSecret?: string, publicKeyPem?: string): Promise<void> {
    if (!this.tenants.has(tenant)) throw new EmulatorError(404, 'unknown-tenant', `There is no tenant "${tenant}".`, 'tenant');
    let publicKey: CryptoKey | KeyObject | undefined;
    if (publicKeyPem) {
      try {
        publicKey = await importSPKI(publicKeyPem, 'RS256');
      } catch (err) {
        throw new EmulatorError(
          400,
          'invalid-public-key',
          `publicKeyPem is not an RSA public key in PEM (SPKI) form: ${(err as Error).message}`,
          'publicKeyPem',
        );
      }
    }
    const key = `${tenant}\u0000${clientId}`;
    const existing = this.accounts.get(key);
    this.accounts.set(key, {
      tenant,
      clientId,
      ...((clientSecret ?? existing?.clientSecret) ? { clientSecret: clientSecret ?? existing?.clientSecret } : {}),
      ...((publicKey ?? existing?.publicKey) ? { publicKey: publicKey ?? existing?.publicKey } : {}),
    });
  }

  /** Sliding one-second window per client; the 11th request in a second gets 429 with Retry-After. */
  private rateLimit(who: string): void {
    const now = this.now();
    this.stats.requestTimes.push(Date.now()); // wall-clock arrival, even when the service clock is simulated
    if (this.stats.requestTimes.length > 1000) this.stats.requestTimes.shift();
    const times = (this.recent.get(who) ?? []).filter((t) => now - t < 1000);
    if (times.length >= RATE_LIMIT) {
      this.stats.rateLimited++;
      const retry = Math.max(1, Math.ceil((1000 - (now - (times[0] as number))) / 1000));
      throw oauth(
        429,
        'rate-limited',
        'slow_down',
        `More than ${RATE_LIMIT} token requests in one second from ${who}; retry after ${retry} s.`,
        { 'Retry-After': String(retry) },
      );
    }
    times.push(now);
    this.recent.set(who, times);
  }

  async grant(
    tenant: string,
    form: URLSearchParams,
    authorization: string | undefined,
    endpointUrl: string,
  ): Promise<{ access_token: string; expires_in: number; token_type: 'Bearer'; scope: string }> {
    const config = this.tenants.get(tenant);
    if (!config) throw oauth(404, 'unknown-tenant', 'invalid_request', `There is no realm "${tenant}".`);
    let clientId = form.get('client_id') ?? undefined;
    let basic: { id: string; secret: string } | undefined;
    if (authorization?.toLowerCase().startsWith('basic ')) {
      const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0)
        throw this.reject(401, 'invalid-basic-auth', 'invalid_client', 'The Basic credentials are not "client id:client secret".');
      try {
        basic = { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
      } catch {
        throw this.reject(
          401,
          'invalid-basic-auth',
          'invalid_client',
          'The Basic credentials have broken %-escapes: form-urlencode the client id and secret before base64.',
        );
      }
      clientId = basic.id;
    }
    this.rateLimit(clientId ?? 'anonymous');
    if (form.get('grant_type') !== 'client_credentials') {
      throw this.reject(
        400,
        'unsupported-grant-type',
        'unsupported_grant_type',
        `grant_type must be client_credentials, not ${JSON.stringify(form.get('grant_type') ?? '')}.`,
      );
    }
    if (!clientId)
      throw this.reject(
        401,
        'missing-client',
        'invalid_client',
        'No client id: send HTTP Basic credentials or client_id with a client assertion.',
      );
    const account = this.accounts.get(`${tenant}\u0000${clientId}`);
    if (!account)
      throw this.reject(
        401,
        'unknown-client',
        'invalid_client',
        `Client "${clientId}" is not a service account of ${tenant}; check the client id and tenant.`,
      );

    if (basic) {
      if (!account.clientSecret)
        throw this.reject(
          401,
          'secret-not-allowed',
          'invalid_client',
          `Client "${clientId}" uses public-key authentication; send a client assertion instead of a secret.`,
        );
      if (!safeEqual(basic.secret, account.clientSecret))
        throw this.reject(401, 'invalid-secret', 'invalid_client', `The client secret for "${clientId}" is wrong.`);
    } else {
      await this.checkAssertion(account, form, endpointUrl);
    }
    this.stats.grants++;
    const now = Math.floor(this.now() / 1000);
    const ttl = config.accessTokenTtlSeconds;
    const access = await new SignJWT({ tenant, azp: clientId, scope: 'catalog:read' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(realmIssuer(endpointUrl))
      .setSubject(clientId)
      .setAudience('item-catalog')
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .setJti(randomBytes(12).toString('hex'))
      .sign(this.signingKey);
    return { access_token: access, expires_in: ttl, token_type: 'Bearer', scope: 'catalog:read' };
  }

  private reject(status: number, code: string, error: string, message: string): EmulatorError {
    this.stats.rejected++;
    return oauth(status, code, error, message);
  }

  private async checkAssertion(account: Account, form: URLSearchParams, endpointUrl: string): Promise<void> {
    const type = form.get('client_assertion_type');
    const assertion = form.get('client_assertion');
    if (type !== JWT_BEARER || !assertion) {
      throw this.reject(
        401,
        'missing-credentials',
        'invalid_client',
        `Send HTTP Basic credentials, or client_assertion_type=${JWT_BEARER} with a client_assertion.`,
      );
    }
    if (!account.publicKey)
      throw this.reject(
        401,
        'key-not-registered',
        'invalid_client',
        `No public key is registered for "${account.clientId}"; register it with the operator (POST /__emulator/service-accounts).`,
      );
    let kid: unknown;
    try {
      const header = decodeProtectedHeader(assertion);
      kid = header.kid;
      if (header.alg !== 'RS256')
        throw this.reject(401, 'invalid-assertion', 'invalid_client', 'The client assertion must be signed with RS256.');
    } catch (err) {
      if (err instanceof EmulatorError) throw err;
      throw this.reject(401, 'invalid-assertion', 'invalid_client', 'The client assertion is not a JWT.');
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(assertion, account.publicKey, {
        algorithms: ['RS256'],
        issuer: account.clientId,
        subject: account.clientId,
        // The token endpoint, as the identity server has long accepted, or the realm's issuer, as newer ones require.
        audience: [endpointUrl, realmIssuer(endpointUrl)],
        clockTolerance: CLOCK_SKEW_S,
        currentDate: new Date(this.now()),
        requiredClaims: ['exp', 'jti'],
      }));
    } catch (err) {
      throw this.reject(401, ...this.explain(err, endpointUrl));
    }
    this.stats.recentAssertions.push({
      clientId: account.clientId,
      kid,
      iss: payload.iss,
      sub: payload.sub,
      aud: payload.aud,
      jti: payload.jti,
      iat: payload.iat,
      exp: payload.exp,
    });
    if (this.stats.recentAssertions.length > 100) this.stats.recentAssertions.shift();
    const nowS = this.now() / 1000;
    if ((payload.exp as number) > nowS + MAX_ASSERTION_LIFETIME_S + CLOCK_SKEW_S) {
      throw this.reject(
        401,
        'assertion-lifetime',
        'invalid_client',
        `The assertion expires ${Math.round((payload.exp as number) - nowS)} s from now; at most ${MAX_ASSERTION_LIFETIME_S} s is accepted (is the client's clock ahead?).`,
      );
    }
    if (typeof payload.iat === 'number' && payload.iat > nowS + CLOCK_SKEW_S) {
      throw this.reject(
        401,
        'clock-skew',
        'invalid_client',
        `The assertion was issued ${Math.round(payload.iat - nowS)} s in the future: the client's clock is ahead.`,
      );
    }
    const jti = String(payload.jti);
    for (const [seen, exp] of this.seenJti) if (exp < nowS - CLOCK_SKEW_S) this.seenJti.delete(seen);
    if (this.seenJti.has(`${account.clientId}\u0000${jti}`))
      throw this.reject(
        401,
        'assertion-replayed',
        'invalid_client',
        `The assertion with jti ${jti} was already used; create a new assertion with a fresh jti for every request.`,
      );
    this.seenJti.set(`${account.clientId}\u0000${jti}`, payload.exp as number);
  }

  private explain(err: unknown, endpointUrl: string): [string, string, string] {
    if (err instanceof joseErrors.JWTExpired)
      return [
        'assertion-expired',
        'invalid_client',
        'The client assertion has expired; check the client clock (clock skew) and keep exp within 60 s of now.',
      ];
    if (err instanceof joseErrors.JWSSignatureVerificationFailed)
      return [
        'invalid-signature',
        'invalid_client',
        'The assertion signature does not match the registered public key: the key pair differs from the one registered.',
      ];
    if (err instanceof joseErrors.JWTClaimValidationFailed) {
      const claim = err.claim;
      if (claim === 'aud')
        return [
          'invalid-audience',
          'invalid_client',
          `The assertion audience must be the token endpoint (${endpointUrl}) or the realm issuer (${realmIssuer(endpointUrl)}).`,
        ];
      if (claim === 'nbf' || claim === 'iat')
        return ['clock-skew', 'invalid_client', 'The assertion is not valid yet: the client clock is ahead (clock skew).'];
      return [
        `invalid-${claim}`,
        'invalid_client',
        `The assertion claim ${claim} is wrong: ${err.message}. iss and sub must both be the client id; exp and jti are required.`,
      ];
    }
    return ['invalid-assertion', 'invalid_client', `The client assertion could not be verified: ${(err as Error).message}`];
  }

  /** Checks a bearer token from the items API: the emulator's signature, not expired, this tenant. */
  async verifyAccessToken(authorization: string | undefined, tenant: string): Promise<{ clientId: string }> {
    if (!authorization) throw new EmulatorError(401, 'missing-token', 'Send Authorization: Bearer <access token> from the token endpoint.');
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match) throw new EmulatorError(401, 'malformed-authorization', 'The Authorization header must be "Bearer <access token>".');
    let payload;
    try {
      ({ payload } = await jwtVerify(match[1] as string, this.signingKey, {
        algorithms: ['HS256'],
        audience: 'item-catalog',
        currentDate: new Date(this.now()),
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired)
        throw new EmulatorError(401, 'token-expired', 'The access token has expired; request a new one from the token endpoint.');
      throw new EmulatorError(401, 'invalid-token', 'The access token was not issued by this identity server or is malformed.');
    }
    if (payload.tenant !== tenant)
      throw new EmulatorError(403, 'foreign-tenant', `This token was issued for tenant ${String(payload.tenant)}, not ${tenant}.`);
    return { clientId: String(payload.sub) };
  }

  accountsOf(tenant: string): { clientId: string; hasSecret: boolean; hasPublicKey: boolean }[] {
    return [...this.accounts.values()]
      .filter((a) => a.tenant === tenant)
      .map((a) => ({ clientId: a.clientId, hasSecret: !!a.clientSecret, hasPublicKey: !!a.publicKey }));
  }
}

/** The realm's issuer URL, from its token endpoint. */
function realmIssuer(endpointUrl: string): string {
  return endpointUrl.replace(/\/protocol\/openid-connect\/token$/, '');
}
