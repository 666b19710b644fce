import type { Implementation } from '../../router';
import type { profileOperations } from '../../../shared/profiles';
import type { Services } from '..';

export function profileImplementation(s: Services): Implementation<typeof profileOperations> {
  return {
    'profiles:list': () => s.profileActions.list(),
    'profiles:create': (fields) => s.profileActions.create(fields),
    'profiles:update': ({ id, fields }) => s.profileActions.update(id, fields),
    'profiles:duplicate': ({ id }) => s.profileActions.duplicate(id),
    'profiles:delete': ({ id }) => s.profileActions.delete(id),
    'profiles:set-active': ({ id }) => s.profileActions.setActive(id),
    'profiles:set-secret': ({ id, kind, value }) => s.profileActions.setSecret(id, kind, value),
    'profiles:delete-secret': ({ id, kind }) => s.profileActions.deleteSecret(id, kind),
    'profiles:generate-key-pair': ({ id }) => s.profileActions.generateKeyPair(id),
    'profiles:export': ({ id }) => s.profileActions.export(id),
    'profiles:import': ({ data }) => s.profileActions.import(data),
  };
}
