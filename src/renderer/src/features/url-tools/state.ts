/** The state door of url-tools: what the store composes and other slices type against. */
export { createPasteSlice, type PasteSlice } from './paste-slice';
