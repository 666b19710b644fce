import type { Implementation } from '../../router';
import type { explainOperations } from '../../../shared/explain';
import type { Services } from '..';

export function explainImplementation(s: Services): Implementation<typeof explainOperations> {
  return {
    'explain:query': (input) => s.explain.query(input),
    'explain:batch': (input) => s.explain.batch(input),
    'explain:cancel': () => s.explain.cancel(),
  };
}
