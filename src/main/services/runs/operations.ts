import type { Implementation } from '../../router';
import type { runsOperations } from '../../../shared/runs';
import type { Services } from '..';

export function runsImplementation(s: Services): Implementation<typeof runsOperations> {
  return {
    'runs:trend': (input) => s.runs.trend(input.file, input.rescore),
    'runs:pin': (input) => s.runs.pin(input.file, input.batchId),
  };
}
