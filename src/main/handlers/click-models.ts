import type { Handlers } from '../router';
import type { Services } from '../services';

export function clickModelsHandlers(s: Services): Pick<Handlers, 'click-models:fit' | 'click-models:save'> {
  return {
    'click-models:fit': (input) => s.clickModels.fit(input),
    'click-models:save': (input) => s.clickModels.save(input),
  };
}
