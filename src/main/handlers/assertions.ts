import type { Handlers } from '../router';
import type { Services } from '../services';

export function assertionHandlers(s: Services): Pick<Handlers, 'assertions:run' | 'assertions:cancel'> {
  return {
    'assertions:run': (input) => s.assertions.run(input),
    'assertions:cancel': () => s.assertions.cancel(),
  };
}
