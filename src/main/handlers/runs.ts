import type { Handlers } from '../router';
import type { Services } from '../services';

export function runsHandlers(s: Services): Pick<Handlers, 'runs:trend' | 'runs:pin'> {
  return {
    'runs:trend': (input) => s.runs.trend(input.file, input.rescore),
    'runs:pin': (input) => s.runs.pin(input.file, input.batchId),
  };
}
