import type { Handlers } from '../router';
import type { Services } from '../services/services';

export function matrixHandlers(s: Services): Pick<Handlers, 'matrix:run' | 'matrix:cancel'> {
  return {
    'matrix:run': (input) => s.matrix.run(input),
    'matrix:cancel': () => s.matrix.cancel(),
  };
}
