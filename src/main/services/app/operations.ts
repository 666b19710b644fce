import type { Implementation } from '../../router';
import type { appOperations } from '../../../shared/app';
import type { Services } from '..';

export function appImplementation(s: Services): Implementation<typeof appOperations> {
  return {
    'app:info': () => s.app.info(),
    'app:ping': ({ text }) => s.app.ping(text),
  };
}
