import type { Handlers } from '../router';
import type { Services } from '../services';

export function catalogHandlers(s: Services): Pick<Handlers, 'catalog:active' | 'catalog:test-connection' | 'token:status'> {
  return {
    'catalog:active': ({ profileId }, ctx) => s.catalogs.active(profileId, ctx.signal),
    'catalog:test-connection': ({ profileId }, ctx) => s.catalogs.testConnection(profileId, ctx.signal),
    'token:status': ({ profileId }) => s.catalogs.tokenStatus(profileId),
  };
}
