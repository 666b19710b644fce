import type { Implementation } from '../../router';
import type { estimatesOperations } from '../../../shared/estimates';
import type { Services } from '..';

export function estimatesImplementation(s: Services): Implementation<typeof estimatesOperations> {
  return {
    'estimates:experiment': (input) => s.estimates.experiment(input),
    'estimates:batch': (input) => s.estimates.batch(input),
  };
}
