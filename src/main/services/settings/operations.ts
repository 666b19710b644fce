import type { Implementation } from '../../router';
import type { settingsOperations } from '../../../shared/settings';
import type { Services } from '..';

export function settingsImplementation(s: Services): Implementation<typeof settingsOperations> {
  return {
    'settings:get': () => s.app.settings(),
    'settings:update': (patch) => s.app.updateSettings(patch),
    'settings:choose-path': ({ purpose }) => s.app.choosePath(purpose),
  };
}
