import type { Implementation } from '../../router';
import type { catalogOperations } from '../../../shared/catalog';
import type { Services } from '..';

export function catalogImplementation(s: Services): Implementation<typeof catalogOperations> {
  return {
    'catalog:active': ({ profileId }, ctx) => s.catalogs.active(profileId, ctx.signal),
    'catalog:test-connection': ({ profileId }, ctx) => s.catalogs.testConnection(profileId, ctx.signal),
    'token:status': ({ profileId }) => s.catalogs.tokenStatus(profileId),
  };
}
