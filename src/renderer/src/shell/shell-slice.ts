import type { AppInfo, Notice } from '@shared/ipc/contract';
import type { WorkbenchError } from '@shared/ipc/result';
import type { Settings, ThemePreference } from '@shared/settings';
import { workbench } from '../bridge';
import type { SliceCreator } from '../store/slice';
import type { AreaId } from './areas';

export interface ShellSlice {
  area: AreaId;
  appInfo: AppInfo | null;
  settings: Settings | null;
  notices: Notice[];
  bootError: WorkbenchError | null;
  /** The theme in effect (the setting, or the OS's when the setting is "system"). */
  effectiveTheme: 'light' | 'dark';
  setEffectiveTheme: (theme: 'light' | 'dark') => void;
  setArea: (area: AreaId) => void;
  boot: () => Promise<void>;
  setTheme: (theme: ThemePreference) => Promise<void>;
  /**
   * Shows settings from main. With `sentAt` (settingsVersion() when the
   * update was sent) an answer is applied only if no newer settings arrived
   * meanwhile: answers and change events travel apart, and an older answer
   * must not undo a newer change.
   */
  applySettings: (settings: Settings, sentAt?: number) => void;
  /** Counts the settings shown so far; see applySettings. */
  settingsVersion: () => number;
  /** Re-reads app info (profiles, Local demo state) after main says something changed. */
  refreshInfo: () => Promise<void>;
  pushNotice: (notice: Notice) => void;
  dismissNotice: (id: string) => void;
}

export const createShellSlice: SliceCreator<ShellSlice> = (set, get) => {
  let version = 0;
  return {
    area: 'search',
    appInfo: null,
    settings: null,
    notices: [],
    bootError: null,
    effectiveTheme: 'dark',
    setEffectiveTheme: (effectiveTheme) => set({ effectiveTheme }),
    setArea: (area) => set({ area }),
    boot: async () => {
      const api = workbench();
      const [info, settings] = await Promise.all([api.app.info(), api.settings.get()]);
      if (!info.ok) return set({ bootError: info.error });
      if (!settings.ok) return set({ bootError: settings.error });
      set({ appInfo: info.value, settings: settings.value, notices: info.value.notices });
    },
    setTheme: async (theme) => {
      // Optimistic: the theme changes at once and goes back if main refuses it.
      const previous = get().settings;
      if (previous) set({ settings: { ...previous, theme } });
      const sentAt = version;
      const result = await workbench().settings.update({ theme });
      if (result.ok) get().applySettings(result.value, sentAt);
      else {
        if (previous) get().applySettings(previous, sentAt);
        get().pushNotice({ id: `theme:${Date.now()}`, level: 'error', message: result.error.message });
      }
    },
    applySettings: (settings, sentAt) => {
      if (sentAt !== undefined && sentAt !== version) return;
      version++;
      set({ settings });
    },
    settingsVersion: () => version,
    refreshInfo: async () => {
      const info = await workbench().app.info();
      if (info.ok) set({ appInfo: info.value });
    },
    pushNotice: (notice) => set((s) => ({ notices: [...s.notices.filter((n) => n.id !== notice.id), notice] })),
    dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  };
};
