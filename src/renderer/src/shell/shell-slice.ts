import type { WorkbenchError } from '@shared/ipc';
import type { AppInfo, Notice } from '@shared/app';
import type { Settings, SettingsPatch, ThemePreference } from '@shared/settings';
import type { PaneLayout } from '../components/pane-layout';
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
  /** Remembers one screen's split panes (widths, folded panes) in the settings. */
  setPaneLayout: (screen: string, layout: PaneLayout) => Promise<void>;
  /** Opens or folds a panel (kept in the settings, found as left). */
  setFold: (id: string, open: boolean) => Promise<void>;
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
  /**
   * Updates reach main one after another, in the order they were made: in browser mode two fetches may overtake
   * each other, and a pane's width saved on release would then land after the fold that followed it.
   */
  let sending: Promise<unknown> = Promise.resolve();
  /** The number of the last update made, to know whether an answer is the last one's. */
  let latest = 0;
  /**
   * Updates made here and not yet answered. While any is on its way, main's change events are not shown: an event
   * for an earlier update (a width) arriving after a later change was made on screen (a narrower width) would put
   * the screen back, and the next change (a fold) would be made from there. The last update's answer is main's
   * whole state, so nothing an event carried is lost.
   */
  let inFlight = 0;
  /** The change shows at once and goes back (with a notice) if main refuses it. */
  const optimistic = async (patch: SettingsPatch, what: string) => {
    const previous = get().settings;
    if (previous) set({ settings: { ...previous, ...patch } });
    const sentAt = version;
    const mine = ++latest;
    inFlight++;
    const update = sending.then(() => workbench().settings.update(patch)).finally(() => inFlight--);
    sending = update.catch(() => undefined);
    const result = await update;
    // Only the answer to the last update made is the state to show: an earlier one's answer arriving after a later
    // change was made on screen (a width, then a fold) would put the screen back to before it — and the next change
    // would be made from there.
    if (result.ok) {
      if (mine === latest) get().applySettings(result.value, sentAt);
    } else {
      if (previous && mine === latest) get().applySettings(previous, sentAt);
      get().pushNotice({ id: `${what}:${Date.now()}`, level: 'error', message: `The ${what} was not saved: ${result.error.message}` });
    }
  };
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
    setTheme: (theme) => optimistic({ theme }, 'theme'),
    setFold: (id, open) => {
      const current = get().settings;
      return current ? optimistic({ folds: { ...current.folds, [id]: open } }, 'panel') : Promise.resolve();
    },
    setPaneLayout: (screen, layout) => {
      const current = get().settings;
      return current ? optimistic({ paneLayouts: { ...current.paneLayouts, [screen]: layout } }, 'layout') : Promise.resolve();
    },
    applySettings: (settings, sentAt) => {
      if (sentAt !== undefined && sentAt !== version) return;
      if (sentAt === undefined && inFlight > 0) return;
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
