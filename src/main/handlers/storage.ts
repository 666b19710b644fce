import type { Handlers } from '../router';
import type { Services } from '../services/services';

type StorageChannels = 'history:list' | 'history:get' | 'history:clear' | 'saved:list' | 'saved:save' | 'saved:read' | 'saved:delete';

export function storageHandlers(s: Services): Pick<Handlers, StorageChannels> {
  return {
    'history:list': (query) => s.history.list(query),
    'history:get': ({ id }) => s.history.get(id),
    'history:clear': async () => {
      await s.history.clear();
      return { cleared: true };
    },
    'saved:list': async () => ({ folder: s.saved.folder, items: await s.saved.list() }),
    'saved:save': async ({ overwrite, ...input }) => {
      const profile = s.profiles.activeId ? s.profiles.find(s.profiles.activeId) : undefined;
      return s.saved.save({ ...input, ...(profile ? { profileName: profile.name } : {}) }, { overwrite });
    },
    'saved:read': async ({ file }) => {
      const saved = await s.saved.read(file);
      return { name: saved.name, kind: saved.kind, transport: saved.transport, request: saved.request, savedAt: saved.savedAt };
    },
    'saved:delete': async ({ file }) => {
      await s.saved.delete(file);
      return { deleted: true };
    },
  };
}
