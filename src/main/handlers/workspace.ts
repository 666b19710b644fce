import type { Handlers } from '../router';
import type { Services } from '../services';

type WorkspaceChannels =
  | 'workspace:list'
  | 'workspace:delete'
  | 'workspace:add-demo'
  | 'query-sets:create'
  | 'query-sets:read'
  | 'query-sets:page'
  | 'query-sets:save'
  | 'query-sets:set-note'
  | 'query-sets:set-intents'
  | 'query-sets:propose-intents'
  | 'experiments:queue'
  | 'experiments:skip'
  | 'experiments:create'
  | 'experiments:read'
  | 'experiments:run';

export function workspaceHandlers(s: Services): Pick<Handlers, WorkspaceChannels> {
  return {
    'workspace:list': () => s.workspace.listing(),
    'workspace:delete': ({ kind, file }) => s.workspace.delete(kind, file),
    'workspace:add-demo': () => s.demoFiles.add(),
    'query-sets:create': ({ name, from }) => s.querySets.create(name, from),
    'query-sets:read': ({ file }) => s.querySets.read(file),
    'query-sets:page': ({ file, ...page }) => s.querySets.page(file, page),
    'query-sets:save': ({ file, querySet }) => s.querySets.save(file, querySet),
    'query-sets:set-note': ({ file, query, note }) => s.querySets.setNote(file, query, note),
    'query-sets:set-intents': ({ file, intents }) => s.querySets.setIntents(file, intents),
    'query-sets:propose-intents': ({ queries, profileId, configurationId }) =>
      s.intents.propose({ queries, ...(profileId ? { profileId } : {}), ...(configurationId ? { configurationId } : {}) }),
    'experiments:queue': async ({ file, secondOpinion, secondOf, calibration, shoppersDisagree }) =>
      s.images.noted(
        await s.experiments.queue(file, {
          ...(shoppersDisagree ? { shoppersDisagree } : {}),
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
