import type { Handlers } from '../router';
import type { Services } from '../services';

export function suiteHandlers(s: Services): Pick<Handlers, 'suites:run' | 'suites:cancel'> {
  return {
    'suites:run': (input) => s.suites.run(input),
    'suites:cancel': () => s.suites.cancel(),
  };
}
