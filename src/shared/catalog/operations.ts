import { z } from 'zod';
import type { ConnectionCause } from '../profiles';
import type { ExchangeRecord } from '../errors';
import { operation } from '../operations';

export interface TokenStatusView {
  cached: boolean;
  expiresInMs: number | null;
  lastGrantAt: string | null;
  authMethod: 'client-secret' | 'private-key';
  grants: number;
  tokenUrl: string;
  clientId: string;
}

export interface CatalogAttributeView {
  name: string;
  type: string;
  facetable: boolean;
  sortable: boolean;
  multiValued: boolean;
}

export interface ActiveCatalogView {
  id: string;
  version: string | null;
  itemCount: number | null;
  updatedAt: string | null;
  attributes: CatalogAttributeView[];
  exchange: ExchangeRecord;
  token: TokenStatusView;
}

export interface ConnectionStep {
  step: 'token' | 'catalog';
  ok: boolean;
  ms: number;
  message: string;
  /** Why the step failed, when it did. */
  cause?: ConnectionCause;
  exchange?: ExchangeRecord;
}

const profileId = z.string().min(1).max(200).optional();

export const catalogOperations = {
  'catalog:active': operation<ActiveCatalogView>()({
    input: z.object({ profileId }).strict().default({}),
    doc: "The active item catalog for the profile's tenant and environment, with its attribute schema and the token status (never the token).",
  }),
  'catalog:test-connection': operation<{ steps: ConnectionStep[] }>()({
    input: z.object({ profileId }).strict().default({}),
    doc: 'Runs a fresh token grant and a catalog call and reports each step, with the precise cause of a failure.',
  }),
  'token:status': operation<TokenStatusView>()({
    input: z.object({ profileId }).strict().default({}),
    doc: 'Whether a token is cached for the profile, when it expires and when it was granted. Never the token.',
  }),
} as const;
