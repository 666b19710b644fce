import type { Implementation } from '../../router';
import type { compareOperations } from '../../../shared/compare';
import type { Services } from '..';

export function compareImplementation(s: Services): Implementation<typeof compareOperations> {
  return {
    'compare:start': (input) => s.compare.start(input),
    'compare:list': () => s.compare.list(),
    'compare:get': ({ id }) => s.compare.view(id),
    'compare:control': ({ id, action }) => s.compare.control(id, action),
    'compare:result': async ({ id, index }) => s.images.noted(await s.compare.result(id, index)),
    'compare:export': ({ id, format }) => s.compare.export(id, format),
    'compare:quality': ({ id }) => s.compare.quality(id),
    'compare:delete': ({ id }) => s.compare.delete(id),
    'experiments:queue': async ({ file, secondOpinion, secondOf, calibration, shoppersDisagree, judgeDisagrees }) =>
      s.images.noted(
        await s.experiments.queue(file, {
          ...(shoppersDisagree ? { shoppersDisagree } : {}),
          ...(judgeDisagrees ? { judgeDisagrees } : {}),
          ...(secondOpinion ? { secondOpinion } : {}),
          ...(secondOf ? { secondOf } : {}),
          ...(calibration ? { calibration } : {}),
        }),
      ),
    'experiments:skip': ({ file, query, itemId, skipped }) => s.experiments.skip(file, query, itemId, skipped),
    'experiments:create': ({ experiment }) => s.experiments.create(experiment),
    'experiments:read': ({ file }) => s.experiments.read(file),
    'experiments:run': ({ file }) => s.experiments.run(file),
  };
}
