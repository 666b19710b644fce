import { z } from 'zod';

export const themePreference = z.enum(['system', 'light', 'dark']);
export type ThemePreference = z.infer<typeof themePreference>;

/** Each setting once, without defaults, so a patch never resets what it leaves out. */
const settingShape = {
  theme: themePreference,
  /** Overall deadline for one request to a service. */
  requestTimeoutMs: z.number().int().min(1000, 'at least 1 second').max(300_000, 'at most 5 minutes'),
  /** How many sent requests the history keeps. */
  historySize: z.number().int().min(10, 'at least 10').max(10_000, 'at most 10,000'),
  /** PEM files of extra certificate authorities, trusted on top of the built-in roots. */
  extraCaCertificates: z.array(z.string().min(1)).max(50),
  /** Where saved requests are written; the app's data folder when empty. */
  savedRequestsDir: z.string(),
};

/** Settings the user can change; stored by main, never secret. */
export const settingsSchema = z.object({
  theme: settingShape.theme.default('system'),
  requestTimeoutMs: settingShape.requestTimeoutMs.default(30_000),
  historySize: settingShape.historySize.default(500),
  extraCaCertificates: settingShape.extraCaCertificates.default([]),
  savedRequestsDir: settingShape.savedRequestsDir.default(''),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatch = z.object(settingShape).partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatch>;
