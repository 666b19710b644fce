import type { SavedListing } from '@shared/ipc/contract';
import { workbench } from '../../bridge';
import { idleCall, lensOf, runCall, type CallState } from '../../request-ui/lifecycle';
import type { SliceCreator } from '../../store/slice';
import type { SearchSlice } from './search-slice';

export interface SavedFolder {
  folder: string;
  items: SavedListing[];
}

export interface SavedSlice {
  /** The saved-requests folder as last listed. */
  savedList: CallState<SavedFolder>;
  /** The last save, open or delete: a confirmation, or its error. */
  savedOp: CallState<string>;
  loadSaved: () => Promise<void>;
  /** Saves the active tab's request under a name (the tab's title when empty). */
  saveActiveTab: (name: string) => Promise<boolean>;
  /** Opens a saved search in a new tab; false when it could not (the reason is in savedOp). */
  openSaved: (file: string, highlight?: string[]) => Promise<boolean>;
  /** Saves the active tab's expectations into its saved file (saving the request as a new file when it has none). */
  saveExpectations: (tabId: string) => Promise<boolean>;
  deleteSaved: (file: string, name: string) => Promise<void>;
}

type Deps = Pick<SearchSlice, 'tabs' | 'activeTabId' | 'openTab' | 'patchTab'>;

export const createSavedSlice: SliceCreator<SavedSlice, Deps> = (set, get) => {
  const list = lensOf(
    () => get().savedList,
    (savedList) => set({ savedList }),
  );
  const op = lensOf(
    () => get().savedOp,
    (savedOp) => set({ savedOp }),
  );
  const slice: SavedSlice = {
    savedList: idleCall(),
    savedOp: idleCall(),
    loadSaved: async () => {
      await runCall(list, { scope: 'saved-list', send: () => workbench().saved.list(), accept: (folder) => folder });
    },
    saveActiveTab: async (name) => {
      const tab = get().tabs.find((t) => t.id === get().activeTabId);
      if (!tab) return false;
      const outcome = await runCall(op, {
        scope: 'saved-save',
        send: () =>
          workbench().saved.save({
            name: name.trim() || tab.title,
            kind: 'search',
            transport: tab.transport,
            request: tab.request,
            ...(tab.expect.length ? { expect: tab.expect } : {}),
          }),
        accept: (v) => `Saved as ${v.file}.`,
      });
      if (outcome.kind === 'done') get().patchTab(tab.id, { savedFile: outcome.value.file });
      await slice.loadSaved();
      return outcome.kind === 'done';
    },
    openSaved: async (file, highlight) => {
      const outcome = await runCall(op, {
        scope: 'saved-open',
        send: () => workbench().saved.read({ file }),
        accept: (v) => `Opened ${v.name}.`,
      });
      if (outcome.kind !== 'done') return false;
      const saved = outcome.value;
      if (saved.kind !== 'search') {
        op.set({
          status: 'error',
          error: { code: 'validation', message: `${saved.name} is a ${saved.kind} request; open it from its own screen.` },
        });
        return false;
      }
      get().openTab({
        request: saved.request,
        transport: saved.transport,
        title: saved.name,
        origin: `Saved · ${file}`,
        expect: saved.expect ?? [],
        savedFile: file,
        ...(highlight?.length ? { highlight } : {}),
      });
      return true;
    },
    saveExpectations: async (tabId) => {
      const tab = get().tabs.find((t) => t.id === tabId);
      if (!tab) return false;
      const outcome = await runCall(op, {
        scope: 'saved-expect',
        send: () =>
          workbench().saved.save({
            name: tab.title,
            kind: 'search',
            transport: tab.transport,
            request: tab.request,
            expect: tab.expect,
            ...(tab.savedFile ? { file: tab.savedFile } : {}),
          }),
        accept: (v) => `Expectations saved in ${v.file}.`,
      });
      if (outcome.kind !== 'done') return false;
      get().patchTab(tab.id, { savedFile: outcome.value.file });
      await slice.loadSaved();
      return true;
    },
    deleteSaved: async (file, name) => {
      await runCall(op, { scope: 'saved-delete', send: () => workbench().saved.delete({ file }), accept: () => `Deleted ${name}.` });
      await slice.loadSaved();
    },
  };
  return slice;
};
