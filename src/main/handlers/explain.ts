import type { Handlers } from '../router';
import type { Services } from '../services';

export function explainHandlers(s: Services): Pick<Handlers, 'explain:query' | 'explain:batch' | 'explain:cancel'> {
  return {
    'explain:query': (input) => s.explain.query(input),
    'explain:batch': (input) => s.explain.batch(input),
    'explain:cancel': () => s.explain.cancel(),
  };
}
