import { generateCatalog, type CatalogItem } from './catalog/generate';
import { checkReferences, type EmulatorConfig, trackerKeyOf } from './config';
import { TokenService } from './auth/token-service';
import { CatalogIndex } from './engine/catalog-index';
import { Tenant } from './engine/tenant';
import { seedUsageLog } from './engine/usage-log';
import { EmulatorError } from './errors';
import { FaultInjector } from './faults';
import { EmulatorJudge } from './judge';
import { RateLimit } from './rate-limit';
import { Tracker } from './tracker';

export interface EmulatorStats {
  startedAt: string;
  requests: Record<string, number>;
  statuses: Record<string, number>;
  tokenGrants: number;
  tokenRejected: number;
  rateLimited: number;
  injected: Record<string, number>;
}

export interface AttributeInfo {
  name: string;
  type: 'number' | 'string' | 'boolean' | 'date' | 'list';
  facetable: boolean;
  sortable: boolean;
  multiValued: boolean;
}

/**
 * The emulated service without its HTTP layer: catalog, tenants, usage logs,
 * the token service and fault injection. `createServer` puts it on the wire.
 */
export class Emulator {
  readonly items: CatalogItem[];
  readonly index: CatalogIndex;
  readonly tenants = new Map<string, Tenant>();
  readonly byToken = new Map<string, Tenant>();
  readonly byTrackerKey = new Map<string, Tenant>();
  /** What shoppers' activities the tracker received. */
  readonly tracker: Tracker;
  readonly tokens: TokenService;
  readonly faults = new FaultInjector();
  /** Requests a second the search endpoints take before answering 429 (off unless set). */
  readonly rateLimit = new RateLimit();
  /** The OpenAI-compatible judge (`/v1/chat/completions`): ratings from the catalog's hidden relevance. */
  readonly judge = new EmulatorJudge();
  readonly stats: EmulatorStats = {
    startedAt: new Date().toISOString(),
    requests: {},
    statuses: {},
    tokenGrants: 0,
    tokenRejected: 0,
    rateLimited: 0,
    injected: {},
  };

  private constructor(
    readonly config: EmulatorConfig,
    readonly now: () => number,
    dataDir?: string,
  ) {
    checkReferences(config);
    this.tracker = new Tracker(dataDir);
    this.items = generateCatalog(config.catalog);
    this.index = new CatalogIndex(this.items, config.catalog.referenceDate);
    for (const t of config.tenants) {
      const tenant = new Tenant(t, this.index);
      seedUsageLog(tenant.usage, { ...config.usageLog, seed: config.catalog.seed + t.id.length, now: now() });
      this.tenants.set(t.id, tenant);
      for (const token of t.searchTokens) this.byToken.set(token, tenant);
      this.byTrackerKey.set(trackerKeyOf(t), tenant);
    }
    this.tokens = new TokenService(new Map(config.tenants.map((t) => [t.id, t])), now);
  }

  /** `dataDir`: where the tracker appends what it receives (`activities.jsonl`); in memory only without one. */
  static async create(config: EmulatorConfig, now: () => number = Date.now, dataDir?: string): Promise<Emulator> {
    const emulator = new Emulator(config, now, dataDir);
    await emulator.tokens.init();
    return emulator;
  }

  tenantForToken(token: unknown): Tenant {
    if (typeof token !== 'string' || token.trim() === '')
      throw new EmulatorError(400, 'required', 'token is required: the search token from the management console.', 'token');
    const tenant = typeof token === 'string' ? this.byToken.get(token) : undefined;
    if (!tenant)
      throw new EmulatorError(
        401,
        'invalid-search-token',
        'The search token is not known: copy it from the management console (or the profile).',
        'token',
      );
    return tenant;
  }

  tenantForTrackerKey(key: string): Tenant {
    const tenant = this.byTrackerKey.get(key);
    if (!tenant)
      throw new EmulatorError(
        404,
        'unknown-tracker-key',
        'The tracker key is not known: copy it from the management console (or the profile).',
        'trackerKey',
      );
    return tenant;
  }

  tenant(id: string): Tenant {
    const tenant = this.tenants.get(id);
    if (!tenant) throw new EmulatorError(404, 'unknown-tenant', `There is no tenant "${id}".`, 'tenant');
    return tenant;
  }

  count(endpoint: string): void {
    this.stats.requests[endpoint] = (this.stats.requests[endpoint] ?? 0) + 1;
  }

  attributes(tenant: Tenant): AttributeInfo[] {
    const facetAttributes = new Set([...tenant.facets.values()].map((f) => f.attribute));
    return [...this.index.attributeTypes].map(([name, type]) => ({
      name,
      type,
      facetable: facetAttributes.has(name),
      sortable: tenant.sortable.has(name),
      multiValued: type === 'list',
    }));
  }

  /** GET /catalogs/active for a tenant and environment. */
  activeCatalog(tenantId: string, environment: string) {
    const tenant = this.tenant(tenantId);
    if (tenant.config.environment !== environment) {
      throw new EmulatorError(
        404,
        'unknown-environment',
        `Tenant ${tenantId} has no environment "${environment}"; it has "${tenant.config.environment}".`,
        'environment',
      );
    }
    const { seed, items, referenceDate } = this.config.catalog;
    return {
      id: `catalog-${tenantId}-${environment}`,
      version: `${seed}.${items}`,
      tenant: tenantId,
      environment,
      itemCount: this.items.length,
      updatedAt: referenceDate,
      attributes: this.attributes(tenant),
    };
  }
}
