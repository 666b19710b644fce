import type { Handlers } from '../router';
import type { Services } from '../services';

type AppChannels = 'app:info' | 'app:ping';

export function appHandlers(s: Services): Pick<Handlers, AppChannels> {
  return {
    'app:info': () => s.app.info(),
    'app:ping': ({ text }) => s.app.ping(text),
  };
}
