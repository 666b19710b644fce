import type { Handlers } from '../router';
import type { Services } from '../services';

export function matrixHandlers(s: Services): Pick<Handlers, 'matrix:run' | 'matrix:cancel'> {
  return {
    // The grid's items name their images: the proxy learns those hosts as it does from any answer.
    'matrix:run': async (input) => s.images.noted(await s.matrix.run(input)),
    'matrix:cancel': () => s.matrix.cancel(),
  };
}
