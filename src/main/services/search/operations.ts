import type { Implementation } from '../../router';
import type { searchOperations } from '../../../shared/search';
import type { Services } from '..';

export function searchImplementation(s: Services): Implementation<typeof searchOperations> {
  return {
    'search:run': async (input, ctx) => s.images.noted(await s.session.run(input, ctx.signal)),
    'request:cancel': ({ requestId }) => s.session.cancel(requestId),
    'history:list': (query) => s.history.list(query),
    'history:get': async ({ id }) => s.images.noted(await s.history.get(id)),
    'history:clear': () => s.history.clear(),
    'saved:list': () => s.saved.listing(),
    'saved:save': (input) => s.saved.save(input),
    'saved:read': ({ file }) => s.saved.open(file),
    'saved:delete': ({ file }) => s.saved.delete(file),
  };
}
