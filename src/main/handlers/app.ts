import type { Handlers } from '../router';
import type { Services } from '../services';

type AppChannels = 'app:info' | 'app:ping' | 'settings:get' | 'settings:update' | 'settings:choose-path';

export function appHandlers(s: Services): Pick<Handlers, AppChannels> {
  return {
    'app:info': () => s.app.info(),
    'app:ping': ({ text }) => s.app.ping(text),
    'settings:get': () => s.app.settings(),
    'settings:update': (patch) => s.app.updateSettings(patch),
    'settings:choose-path': ({ purpose }) => s.app.choosePath(purpose),
  };
}
