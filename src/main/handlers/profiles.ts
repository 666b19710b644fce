import { LOCAL_DEMO_ID } from '../../shared/profiles';
import { credentialsFor } from './credentials';
import type { Handlers } from '../router';
import type { Services } from '../services/services';

type ProfileChannels =
  | 'profiles:list'
  | 'profiles:create'
  | 'profiles:update'
  | 'profiles:duplicate'
  | 'profiles:delete'
  | 'profiles:set-active'
  | 'profiles:set-secret'
  | 'profiles:delete-secret'
  | 'profiles:generate-key-pair'
  | 'profiles:export'
  | 'profiles:import';

export function profileHandlers(s: Services): Pick<Handlers, ProfileChannels> {
  const changed = () => s.events.emit('profiles:changed', s.profiles.summary());
  const store = s.secrets.store;
  return {
    'profiles:list': async () => ({
      activeId: s.profiles.activeId,
      profiles: await s.profiles.list(),
      secretStore: { backend: store.backend, persistent: store.persistent, description: store.description },
    }),
    'profiles:create': async (fields) => {
      const profile = await s.profiles.create(fields);
      changed();
      return s.profiles.view(profile);
    },
    'profiles:update': async ({ id, fields }) => {
      const profile = await s.profiles.update(id, fields);
      changed();
      return s.profiles.view(profile);
    },
    'profiles:duplicate': async ({ id }) => {
      const profile = await s.profiles.duplicate(id);
      changed();
      return s.profiles.view(profile);
    },
    'profiles:delete': async ({ id }) => {
      await s.profiles.delete(id);
      changed();
      return { deleted: true };
    },
    'profiles:set-active': async ({ id }) => {
      await s.profiles.setActive(id);
      changed();
      return { activeId: id };
    },
    'profiles:set-secret': async ({ id, kind, value }) => {
      await s.profiles.setSecret(id, kind, value);
      s.tokens.invalidate(tokenKey(s, id));
      return { stored: true };
    },
    'profiles:delete-secret': async ({ id, kind }) => {
      const deleted = await s.profiles.deleteSecret(id, kind);
      s.tokens.invalidate(tokenKey(s, id));
      return { deleted };
    },
    'profiles:generate-key-pair': async ({ id }) => {
      const publicKey = await s.profiles.generateKeyPair(id);
      s.tokens.invalidate(tokenKey(s, id));
      // Local demo's key is registered with its emulator at once, as an operator would.
      if (id === LOCAL_DEMO_ID) await s.localDemo?.register();
      changed();
      return publicKey;
    },
    'profiles:export': ({ id }) => s.profiles.exportProfile(id),
    'profiles:import': async ({ data }) => {
      const profile = await s.profiles.importProfile(data);
      changed();
      return s.profiles.view(profile);
    },
  };
}

function tokenKey(s: Services, id: string) {
  return credentialsFor(s, s.profiles.get(id));
}
