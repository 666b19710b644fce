import { z } from 'zod';
import { isWorkspaceFileName, WORKSPACE_FILE_RULE } from '../workspace';

export const themePreference = z.enum(['system', 'light', 'dark']);
export type ThemePreference = z.infer<typeof themePreference>;

const PANE_ID = /^[a-z][a-z0-9-]{0,39}$/;

/** Each setting once, without defaults, so a patch never resets what it leaves out. */
const settingShape = {
  theme: themePreference,
  /** Overall deadline for one request to a service. */
  requestTimeoutMs: z.number().int().min(1000, 'at least 1 second').max(300_000, 'at most 5 minutes'),
  /** How many sent requests the history keeps. */
  historySize: z.number().int().min(10, 'at least 10').max(10_000, 'at most 10,000'),
  /** PEM files of extra certificate authorities, trusted on top of the built-in roots. */
  extraCaCertificates: z.array(z.string().min(1)).max(50),
  /**
   * The workspace folder (requests, query sets, judgments, experiments); a
   * folder under the app's data folder when empty. Must be an absolute path
   * to an existing folder (main checks it).
   */
  workspaceDir: z.string().max(4096),
  /** The judgment list Search and Compare show and rate into: a file in the workspace's judgments/, or empty for none. */
  activeJudgments: z
    .string()
    .max(200)
    .refine((v) => v === '' || isWorkspaceFileName(v), `${WORKSPACE_FILE_RULE}, or empty for none`),
  /** Who rates, as judgment lists record it; empty: the OS account's name. */
  rater: z.string().trim().max(100),
  /** Attributes the judging cards show besides image, title, price, brand and category. */
  judgingPins: z.array(z.string().min(1).max(100)).max(12),
  /** Each screen's split panes: the width of every resizable pane in CSS pixels, and which are folded away. */
  paneLayouts: z.record(
    z.string().regex(PANE_ID, 'a screen id such as "search"'),
    z
      .object({
        widths: z.record(z.string().regex(PANE_ID, 'a pane id such as "builder"'), z.number().int().min(0).max(8000)),
        collapsed: z.array(z.string().regex(PANE_ID)).max(8),
      })
      .strict(),
  ),
  /**
   * Panels folded to one line or opened (`search-expectations`, `search-share`, `search-notes`): true is open.
   * Left out, a panel is folded, so the results keep the room.
   */
  folds: z.record(z.string().regex(PANE_ID, 'a panel id such as "search-share"'), z.boolean()),
};

/** Settings the user can change; stored by main, never secret. */
export const settingsSchema = z.object({
  theme: settingShape.theme.default('system'),
  requestTimeoutMs: settingShape.requestTimeoutMs.default(30_000),
  historySize: settingShape.historySize.default(500),
  extraCaCertificates: settingShape.extraCaCertificates.default([]),
  workspaceDir: settingShape.workspaceDir.default(''),
  activeJudgments: settingShape.activeJudgments.default(''),
  rater: settingShape.rater.default(''),
  judgingPins: settingShape.judgingPins.default(['colour', 'gender', 'tags', 'stock']),
  paneLayouts: settingShape.paneLayouts.default({}),
  folds: settingShape.folds.default({}),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * The settings file as earlier versions may have written it: `savedRequestsDir`
 * was the saved-requests folder, which became the workspace folder.
 */
export const storedSettingsSchema = settingsSchema.extend({ savedRequestsDir: z.string().optional() });

export const settingsPatch = z.object(settingShape).partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatch>;
