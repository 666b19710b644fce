import { z } from 'zod';
import { failure, WorkbenchFailure, type ExchangeRecord } from '../../../shared/errors';
import type { HttpClient } from '../http';
import type { TokenClient, TokenCredentials } from '../profiles';

export const catalogAttributeSchema = z.looseObject({
  name: z.string(),
  type: z.string().default('string'),
  facetable: z.boolean().default(false),
  sortable: z.boolean().default(false),
  multiValued: z.boolean().default(false),
});

const catalogSchema = z.looseObject({
  id: z.string(),
  version: z.union([z.string(), z.number()]).optional(),
  itemCount: z.number().optional(),
  updatedAt: z.string().optional(),
  attributes: z.array(catalogAttributeSchema).optional(),
});

export type CatalogAttribute = z.infer<typeof catalogAttributeSchema>;
export interface ActiveCatalog {
  id: string;
  version: string | null;
  itemCount: number | null;
  updatedAt: string | null;
  attributes: CatalogAttribute[];
  raw: unknown;
}

export interface CatalogTarget {
  itemsUrl: string;
  tenant: string;
  environment: string;
}

/** GET {items_url}/catalogs/active with a bearer token; a 401 renews the token and retries once. */
export class CatalogClient {
  constructor(
    private readonly http: HttpClient,
    private readonly tokens: TokenClient,
  ) {}

  async active(
    target: CatalogTarget,
    credentials: TokenCredentials,
    signal?: AbortSignal,
  ): Promise<{ catalog: ActiveCatalog; exchange: ExchangeRecord }> {
    if (!target.itemsUrl) throw failure('validation', 'The profile has no items URL: fill it in under Profiles.', { field: 'itemsUrl' });
    if (!target.tenant || !target.environment)
      throw failure('validation', 'The profile needs a tenant and an environment to read the active catalog.', {
        field: target.tenant ? 'environment' : 'tenant',
      });
    const url = `${target.itemsUrl.replace(/\/+$/, '')}/catalogs/active?tenant=${encodeURIComponent(target.tenant)}&environment=${encodeURIComponent(target.environment)}`;
    for (let attempt = 1; ; attempt++) {
      const token = await this.tokens.token(credentials, signal);
      const outcome = await this.http.send({
        method: 'GET',
        url,
        headers: [
          ['Authorization', `${token.tokenType} ${token.accessToken}`],
          ['Accept', 'application/json'],
        ],
        ...(signal ? { signal } : {}),
      });
      if (!outcome.ok) throw new WorkbenchFailure({ ...outcome.error, details: { ...outcome.error.details, exchange: outcome.exchange } });
      if (outcome.status === 401 && attempt === 1) {
        await this.tokens.invalidate(credentials); // expired or revoked early: one fresh token, one retry
        continue;
      }
      if (outcome.status >= 400) {
        const error = outcome.exchange.error!;
        throw failure(outcome.status === 401 || outcome.status === 403 ? 'auth' : 'http', error.message, {
          ...error.details,
          exchange: outcome.exchange,
        });
      }
      let parsed;
      try {
        parsed = catalogSchema.safeParse(JSON.parse(outcome.text));
      } catch {
        throw failure('http', 'The item-catalog service answered with a body that is not JSON.', { exchange: outcome.exchange });
      }
      if (!parsed.success)
        throw failure('http', 'The item-catalog answer has no catalog id; is the items URL right?', { exchange: outcome.exchange });
      const c = parsed.data;
      return {
        catalog: {
          id: c.id,
          version: c.version === undefined ? null : String(c.version),
          itemCount: c.itemCount ?? null,
          updatedAt: c.updatedAt ?? null,
          attributes: c.attributes ?? [],
          raw: c,
        },
        exchange: outcome.exchange,
      };
    }
  }
}
