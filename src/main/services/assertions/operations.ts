import type { Implementation } from '../../router';
import type { assertionOperations } from '../../../shared/assertions';
import type { Services } from '..';

export function assertionImplementation(s: Services): Implementation<typeof assertionOperations> {
  return {
    'assertions:run': (input) => s.assertions.run(input),
    'assertions:cancel': () => s.assertions.cancel(),
  };
}
