/** The front door of compare: what other capabilities may use. */
export { compareCommands } from './compare-commands';
export { type SideDraft, type SideKey, sideSpec } from './compare-state';
