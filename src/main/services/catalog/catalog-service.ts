import type { ConnectionCause, Profile } from '../../../shared/profiles';
import { type ActiveCatalogView, type ConnectionStep, type TokenStatusView } from '../../../shared/catalog';
import { type ExchangeRecord, WorkbenchFailure, type WorkbenchError } from '../../../shared/errors';
import type { CatalogClient } from './catalog-client';
import { type LocalDemo, credentialsFor, readyProfile, type ProfileService, type TokenClient } from '../profiles';

/** The service's own error code from an exchange's JSON body, when it sends one (the emulator does). */
function serviceCode(exchange: ExchangeRecord | undefined): string {
  try {
    const body: unknown = JSON.parse(exchange?.responseBody ?? '{}');
    return typeof body === 'object' && body !== null && 'code' in body ? String(body.code) : '';
  } catch {
    return '';
  }
}

/**
 * The precise cause of a failed step, from the service's error code when it
 * sends one and its message otherwise (Keycloak's "Invalid client secret",
 * "Client not found"…).
 */
export function causeOf(error: WorkbenchError): ConnectionCause {
  const text = `${serviceCode(error.details?.exchange)} ${error.details?.serviceMessage ?? ''} ${error.message}`.toLowerCase();
  const status = error.details?.status;
  if (error.code === 'network' || error.code === 'timeout') return 'unreachable';
  if (error.code === 'cancelled') return 'cancelled';
  if (error.code === 'validation') return 'incomplete-profile';
  // Before the secret checks below: "No client secret is stored" names a client secret too.
  if (/no (client secret|private key) is stored/.test(text)) return 'missing-secret';
  if (status === 429 || /rate-limited|slow_down|too many/.test(text)) return 'rate-limited';
  if (/unknown-client|client not found|not a service account|unknown client/.test(text)) return 'wrong-client-id';
  if (/invalid-secret|client secret|invalid client credentials|invalid-basic-auth/.test(text)) return 'bad-secret';
  if (/key-not-registered|invalid-signature|no public key|signature/.test(text)) return 'key-not-registered';
  if (/expired|clock|future|not valid yet|assertion-lifetime/.test(text)) return 'clock-skew';
  if (status === 403 || /foreign-tenant/.test(text)) return 'wrong-tenant';
  if (status === 404) return 'not-found';
  return 'service-error';
}

export interface CatalogServiceDeps {
  profiles: ProfileService;
  tokens: TokenClient;
  catalog: CatalogClient;
  localDemo: LocalDemo | undefined;
}

/** A profile's item catalog, its token status, and "test connection" with the cause of a failure. */
export class CatalogService {
  constructor(private readonly deps: CatalogServiceDeps) {}

  private async tokenView(profile: Profile): Promise<TokenStatusView> {
    const c = credentialsFor(this.deps, profile);
    return { ...(await this.deps.tokens.status(c)), tokenUrl: c.tokenUrl, clientId: c.clientId };
  }

  tokenStatus(profileId: string | undefined): Promise<TokenStatusView> {
    return this.tokenView(this.deps.profiles.resolve(profileId));
  }

  async active(profileId: string | undefined, signal?: AbortSignal): Promise<ActiveCatalogView> {
    const profile = await readyProfile(this.deps.profiles, this.deps.localDemo, profileId);
    const { catalog, exchange } = await this.deps.catalog.active(profile, credentialsFor(this.deps, profile), signal);
    return {
      id: catalog.id,
      version: catalog.version,
      itemCount: catalog.itemCount,
      updatedAt: catalog.updatedAt,
      attributes: catalog.attributes,
      exchange,
      token: await this.tokenView(profile),
    };
  }

  /** A fresh token grant, then a catalog call; each step timed, a failure with its cause and exchange. */
  async testConnection(profileId: string | undefined, signal?: AbortSignal): Promise<{ steps: ConnectionStep[] }> {
    const profile = await readyProfile(this.deps.profiles, this.deps.localDemo, profileId);
    const credentials = credentialsFor(this.deps, profile);
    const { tokens, catalog } = this.deps;
    await tokens.invalidate(credentials);
    const steps: ConnectionStep[] = [];
    const granted = await step(steps, 'token', async () => {
      await tokens.token(credentials, signal);
      const exchange = await tokens.lastExchange(credentials);
      return { message: `Token granted to ${credentials.clientId} by ${credentials.tokenUrl}.`, ...(exchange ? { exchange } : {}) };
    });
    if (granted)
      await step(steps, 'catalog', async () => {
        const { catalog: active, exchange } = await catalog.active(profile, credentials, signal);
        const items = active.itemCount !== null ? ` with ${active.itemCount.toLocaleString('en-US')} items` : '';
        return { message: `Active catalog ${active.id}${items}.`, exchange };
      });
    return { steps };
  }
}

/** Runs one step of "test connection", timed; records what it did, or its error and the precise cause. */
async function step(
  steps: ConnectionStep[],
  name: ConnectionStep['step'],
  run: () => Promise<{ message: string; exchange?: ExchangeRecord }>,
): Promise<boolean> {
  const t = performance.now();
  try {
    const done = await run();
    steps.push({ step: name, ok: true, ms: performance.now() - t, ...done });
    return true;
  } catch (err) {
    const error: WorkbenchError = err instanceof WorkbenchFailure ? err.error : { code: 'internal', message: String(err) };
    const exchange = error.details?.exchange;
    steps.push({
      step: name,
      ok: false,
      ms: performance.now() - t,
      message: error.message,
      cause: causeOf(error),
      ...(exchange ? { exchange } : {}),
    });
    return false;
  }
}
