/** The state door of workspace: what the store composes and other slices type against. */
export { createWorkspaceSlice, type WorkspaceSlice } from './workspace-slice';
