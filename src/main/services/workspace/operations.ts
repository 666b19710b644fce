import type { Implementation } from '../../router';
import type { workspaceOperations } from '../../../shared/workspace';
import type { Services } from '..';

export function workspaceImplementation(s: Services): Implementation<typeof workspaceOperations> {
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
  };
}
