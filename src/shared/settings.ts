import { z } from 'zod';

export const themePreference = z.enum(['system', 'light', 'dark']);
export type ThemePreference = z.infer<typeof themePreference>;

/** Settings the user can change; stored by main, never secret. */
export const settingsSchema = z.object({
  theme: themePreference.default('system'),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatch = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatch>;
