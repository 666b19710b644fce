/** The front door of settings: what other capabilities may use. */
export { loadCaCertificates } from './ca-certificates';
export { SettingsService } from './settings';
export { roundBounds, type WindowState, WindowStateStore } from './window-state';
