import type { Handlers } from '../router';
import type { Services } from '../services';

type SearchChannels =
  | 'search:run'
  | 'request:cancel'
  | 'history:list'
  | 'history:get'
  | 'history:clear'
  | 'saved:list'
  | 'saved:save'
  | 'saved:read'
  | 'saved:delete';

export function searchHandlers(s: Services): Pick<Handlers, SearchChannels> {
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
