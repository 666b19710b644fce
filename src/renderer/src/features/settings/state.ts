/** The state door of settings: what the store composes and other slices type against. */
export { createSettingsSlice, type SettingsSlice } from './settings-slice';
