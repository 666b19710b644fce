/** The front door of workspace: what other capabilities may use. */
export { migrateSavedRequests } from './migrate';
export { QuerySets } from './query-sets';
export { SavedRequests } from './saved-requests';
export { Workspace } from './workspace';
