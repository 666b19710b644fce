/** The front door of settings: the app's settings and their patch, and the operations on them. */
export {
  type Settings,
  settingsPatch,
  type SettingsPatch,
  settingsSchema,
  storedSettingsSchema,
  themePreference,
  type ThemePreference,
} from './settings';
export { type PathPurpose, pathPurposeSchema, settingsEvents, settingsOperations } from './operations';
