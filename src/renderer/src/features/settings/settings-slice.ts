import { settingsPatch, type SettingsPatch } from '@shared/settings';
import { workbench } from '../../bridge';
import { idleCall, runCall, type CallLens, type CallState } from '../../request-ui/lifecycle';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';

export type SettingField = keyof SettingsPatch;
export type PathPurpose = 'ca-certificate' | 'workspace-folder';

export interface SettingsSlice {
  /** Each field's last save: its confirmation as the result, or why it was not saved. */
  settingSaves: Partial<Record<SettingField, CallState<string>>>;
  /** The last use of each native picker: the path chosen (null when cancelled), or why there is none. */
  pathChoices: Partial<Record<PathPurpose, CallState<string | null>>>;
  /** Saves some settings for one field of the screen; false when they were not saved (the reason is in settingSaves). */
  saveSetting: (field: SettingField, patch: SettingsPatch, confirmation: string) => Promise<boolean>;
  /** Marks a field as not saved, for a check made on the screen before anything is sent (a duplicate entry). */
  rejectSetting: (field: SettingField, message: string) => void;
  /** The native picker's choice (desktop only), or null when cancelled or refused (the reason is in pathChoices). */
  choosePath: (purpose: PathPurpose) => Promise<string | null>;
}

type Deps = Pick<ShellSlice, 'applySettings' | 'settingsVersion'>;

export const fieldOfPurpose = (purpose: PathPurpose): SettingField =>
  purpose === 'ca-certificate' ? 'extraCaCertificates' : 'workspaceDir';

export const createSettingsSlice: SliceCreator<SettingsSlice, Deps> = (set, get) => {
  const lens = (field: SettingField): CallLens<string> => ({
    get: () => get().settingSaves[field] ?? idleCall(),
    set: (patch) => set((s) => ({ settingSaves: { ...s.settingSaves, [field]: { ...(s.settingSaves[field] ?? idleCall()), ...patch } } })),
  });
  const pathLens = (purpose: PathPurpose): CallLens<string | null> => ({
    get: () => get().pathChoices[purpose] ?? idleCall(),
    set: (patch) => set((s) => ({ pathChoices: { ...s.pathChoices, [purpose]: { ...(s.pathChoices[purpose] ?? idleCall()), ...patch } } })),
  });
  return {
    settingSaves: {},
    pathChoices: {},
    saveSetting: async (field, patch, confirmation) => {
      // Checked here with main's own schema first, so an out-of-range number never leaves the screen.
      const local = settingsPatch.safeParse(patch);
      if (!local.success) {
        get().rejectSetting(field, `Not saved: ${local.error.issues[0]?.message ?? 'not a valid value'}.`);
        return false;
      }
      const sentAt = get().settingsVersion();
      const outcome = await runCall(lens(field), {
        scope: `settings-${field}`,
        send: () => workbench().settings.update(patch),
        accept: () => confirmation,
      });
      if (outcome.kind === 'done') get().applySettings(outcome.value, sentAt);
      return outcome.kind === 'done';
    },
    rejectSetting: (field, message) => lens(field).set({ status: 'error', requestId: null, error: { code: 'validation', message } }),
    choosePath: async (purpose) => {
      const outcome = await runCall(pathLens(purpose), {
        scope: `choose-${purpose}`,
        send: () => workbench().settings.choosePath({ purpose }),
        accept: (v) => v.path,
      });
      return outcome.kind === 'done' ? outcome.value.path : null;
    },
  };
};
