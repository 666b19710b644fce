/** The front door of workspace: what other capabilities may use. */
export { canonicalJson } from './canonical-json';
export {
  isWorkspaceFileName,
  KIND_LABELS,
  slugify,
  WORKSPACE_FILE_RULE,
  WORKSPACE_FORMATS,
  WORKSPACE_KINDS,
  workspaceFileSchema,
  type WorkspaceItem,
  type WorkspaceKind,
  type WorkspaceListing,
} from './kinds';
export {
  MAX_QUERIES,
  MAX_QUERY_LENGTH,
  newQuerySet,
  QUERY_SET_PAGE_MAX,
  type QueryRow,
  queryRowSchema,
  type QuerySet,
  type QuerySetEntry,
  querySetEntrySchema,
  querySetPage,
  type QuerySetPage,
  querySetSchema,
  rowsOfQuerySet,
} from './query-set';
export { type RequestFile, requestFileSchema } from './request-file';
export { type IntentProposals, type QuerySetCreated, workspaceOperations } from './operations';
