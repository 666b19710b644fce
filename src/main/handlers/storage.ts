import type { Handlers } from '../router';
import type { Services } from '../services';

type StorageChannels = 'history:list' | 'history:get' | 'history:clear' | 'saved:list' | 'saved:save' | 'saved:read' | 'saved:delete';

export function storageHandlers(s: Services): Pick<Handlers, StorageChannels> {
  return {
    'history:list': (query) => s.history.list(query),
    'history:get': async ({ id }) => s.images.noted(await s.history.get(id)),
    'history:clear': () => s.history.clear(),
    'saved:list': () => s.saved.listing(),
    'saved:save': (input) => s.saved.save(input),
    'saved:read': ({ file }) => s.saved.open(file),
    'saved:delete': ({ file }) => s.saved.delete(file),
  };
}
