import type { ConnectionStep, TokenStatusView } from '../../shared/ipc/contract';
import type { ExchangeRecord } from '../../shared/exchange';
import { WorkbenchFailure, type WorkbenchError } from '../../shared/ipc/result';
import type { Profile } from '../../shared/profiles';
import type { Handlers } from '../router';
import type { Services } from '../services/services';
import { credentialsFor, profileFor } from './credentials';

function tokenStatus(s: Services, profile: Profile): TokenStatusView {
  const c = credentialsFor(s, profile);
  return { ...s.tokens.status(c), tokenUrl: c.tokenUrl, clientId: c.clientId };
}

/**
 * The precise cause of a failed step, from the service's error code when it
 * sends one (the emulator does) and its message otherwise (Keycloak's
 * "Invalid client secret", "Client not found"…).
 */
export function causeOf(error: WorkbenchError): string {
  const exchange = error.details?.exchange as ExchangeRecord | undefined;
  let code = '';
  try {
    code = String((JSON.parse(exchange?.responseBody ?? '{}') as { code?: unknown }).code ?? '');
  } catch {
    code = '';
  }
  const text = `${code} ${error.details?.serviceMessage ?? ''} ${error.message}`.toLowerCase();
  const status = error.details?.status;
  if (error.code === 'network' || error.code === 'timeout') return 'unreachable';
  if (error.code === 'validation') return 'incomplete-profile';
  if (status === 429 || /rate-limited|slow_down|too many/.test(text)) return 'rate-limited';
  if (/unknown-client|client not found|not a service account|unknown client/.test(text)) return 'wrong-client-id';
  if (/invalid-secret|client secret|invalid client credentials|invalid-basic-auth/.test(text)) return 'bad-secret';
  if (/key-not-registered|invalid-signature|no public key|signature/.test(text)) return 'key-not-registered';
  if (/expired|clock|future|not valid yet|assertion-lifetime/.test(text)) return 'clock-skew';
  if (/no (client secret|private key) is stored/.test(text)) return 'missing-secret';
  if (status === 403 || /foreign-tenant/.test(text)) return 'wrong-tenant';
  if (status === 404) return 'not-found';
  return error.code;
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
    const error = err instanceof WorkbenchFailure ? err.error : { code: 'internal' as const, message: String(err) };
    const exchange = error.details?.exchange as ExchangeRecord | undefined;
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

export function catalogHandlers(s: Services): Pick<Handlers, 'catalog:active' | 'catalog:test-connection' | 'token:status'> {
  return {
    'catalog:active': async ({ profileId }, ctx) => {
      const profile = await profileFor(s, profileId);
      const { catalog, exchange } = await s.catalog.active(profile, credentialsFor(s, profile), ctx.signal);
      return {
        id: catalog.id,
        version: catalog.version,
        itemCount: catalog.itemCount,
        updatedAt: catalog.updatedAt,
        attributes: catalog.attributes,
        exchange,
        token: tokenStatus(s, profile),
      };
    },
    'catalog:test-connection': async ({ profileId }, ctx) => {
      const profile = await profileFor(s, profileId);
      const credentials = credentialsFor(s, profile);
      s.tokens.invalidate(credentials);
      const steps: ConnectionStep[] = [];
      const granted = await step(steps, 'token', async () => {
        await s.tokens.token(credentials, ctx.signal);
        const exchange = s.tokens.lastExchange(credentials);
        return { message: `Token granted to ${credentials.clientId} by ${credentials.tokenUrl}.`, ...(exchange ? { exchange } : {}) };
      });
      if (granted)
        await step(steps, 'catalog', async () => {
          const { catalog, exchange } = await s.catalog.active(profile, credentials, ctx.signal);
          const items = catalog.itemCount !== null ? ` with ${catalog.itemCount.toLocaleString('en-US')} items` : '';
          return { message: `Active catalog ${catalog.id}${items}.`, exchange };
        });
      return { steps };
    },
    'token:status': async ({ profileId }) => tokenStatus(s, s.profiles.resolve(profileId)),
  };
}
