import type { Handlers } from '../router';
import type { Services } from '../services';

export function estimatesHandlers(s: Services): Pick<Handlers, 'estimates:experiment' | 'estimates:batch'> {
  return {
    'estimates:experiment': (input) => s.estimates.experiment(input),
    'estimates:batch': (input) => s.estimates.batch(input),
  };
}
