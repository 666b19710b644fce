import type { Handlers } from '../router';
import type { Services } from '../services';

type SettingsChannels = 'settings:get' | 'settings:update' | 'settings:choose-path';

export function settingsHandlers(s: Services): Pick<Handlers, SettingsChannels> {
  return {
    'settings:get': () => s.app.settings(),
    'settings:update': (patch) => s.app.updateSettings(patch),
    'settings:choose-path': ({ purpose }) => s.app.choosePath(purpose),
  };
}
