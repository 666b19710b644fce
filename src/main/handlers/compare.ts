import type { Handlers } from '../router';
import type { Services } from '../services';

type CompareChannels =
  | 'compare:start'
  | 'compare:list'
  | 'compare:get'
  | 'compare:control'
  | 'compare:result'
  | 'compare:export'
  | 'compare:quality'
  | 'compare:delete';

export function compareHandlers(s: Services): Pick<Handlers, CompareChannels> {
  return {
    'compare:start': (input) => s.compare.start(input),
    'compare:list': () => s.compare.list(),
    'compare:get': ({ id }) => s.compare.view(id),
    'compare:control': ({ id, action }) => s.compare.control(id, action),
    'compare:result': async ({ id, index }) => s.images.noted(await s.compare.result(id, index)),
    'compare:export': ({ id, format }) => s.compare.export(id, format),
    'compare:quality': ({ id }) => s.compare.quality(id),
    'compare:delete': ({ id }) => s.compare.delete(id),
  };
}
