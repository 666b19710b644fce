import type { Implementation } from '../../router';
import type { clickModelsOperations } from '../../../shared/click-models';
import type { Services } from '..';

export function clickModelsImplementation(s: Services): Implementation<typeof clickModelsOperations> {
  return {
    'click-models:fit': (input) => s.clickModels.fit(input),
    'click-models:save': (input) => s.clickModels.save(input),
  };
}
