import type { Implementation } from '../../router';
import type { matrixOperations } from '../../../shared/matrix';
import type { Services } from '..';

export function matrixImplementation(s: Services): Implementation<typeof matrixOperations> {
  return {
    // The grid's items name their images: the proxy learns those hosts as it does from any answer.
    'matrix:run': async (input) => s.images.noted(await s.matrix.run(input)),
    'matrix:cancel': () => s.matrix.cancel(),
  };
}
