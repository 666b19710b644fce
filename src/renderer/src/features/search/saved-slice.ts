import type { Assertion, RequestEnvelope, AutocompleteRequest, SuggestRequest } from '@shared/request';
import type { SavedListing } from '@shared/search';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';
import type { SearchSlice } from './search-slice';
import type { OpenSaved } from './tab-model';

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
  /**
   * Opens a saved request in its screen — a search in a new tab, a suggest or autocomplete request in theirs — with
   * its expectations, and goes there; false when it could not (the reason is in savedOp).
   */
  openSaved: (file: string, highlight?: string[]) => Promise<boolean>;
  /** Saves the active tab's expectations into its saved file (saving the request as a new file when it has none). */
  saveExpectations: (tabId: string) => Promise<boolean>;
  /**
   * Writes a request with its expectations into requests/ — over `file` when given, else as a new file named
   * after `name` — and answers with the file's name, or null when it could not (the reason is in savedOp).
   */
  saveRequestFile: (input: { name: string; envelope: RequestEnvelope; expect: Assertion[]; file: string | null }) => Promise<string | null>;
  deleteSaved: (file: string, name: string) => Promise<void>;
}

type Deps = Pick<SearchSlice, 'tabs' | 'activeTabId' | 'openTab' | 'patchTab'> &
  Pick<ShellSlice, 'setArea'> &
  // The screens a saved suggest or autocomplete request opens in: only how they open one (their slices need this one).
  { loadSuggest: OpenSaved<SuggestRequest>; loadAutocomplete: OpenSaved<AutocompleteRequest> };

export const createSavedSlice: SliceCreator<SavedSlice, Deps> = (set, get) => {
  const list = lensAt(get, set, 'savedList');
  const op = lensAt(get, set, 'savedOp');
  const slice: SavedSlice = {
    savedList: idleCall(),
    savedOp: idleCall(),
    loadSaved: async () => {
      await runCall(list, { scope: 'saved-list', send: () => workbench().saved.list(), accept: (folder) => folder });
    },
    saveActiveTab: async (name) => {
      const tab = get().tabs.find((t) => t.id === get().activeTabId);
      if (!tab) return false;
      const chosen = name.trim() || tab.saved?.name || tab.title;
      const outcome = await runCall(op, {
        scope: 'saved-save',
        send: () =>
          workbench().saved.save({
            name: chosen,
            kind: 'search',
            transport: tab.transport,
            request: tab.request,
            ...(tab.expect.length ? { expect: tab.expect } : {}),
          }),
        accept: (v) => `Saved as ${v.file}.`,
      });
      if (outcome.kind === 'done') get().patchTab(tab.id, { saved: { file: outcome.value.file, name: chosen }, title: chosen });
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
      const origin = `Saved · ${file}`;
      const expect = saved.expect ?? [];
      if (saved.kind === 'suggest') get().loadSuggest(saved.request, { origin, expect, saved: { file, name: saved.name } });
      else if (saved.kind === 'autocomplete') get().loadAutocomplete(saved.request, { expect, saved: { file, name: saved.name } });
      else {
        get().openTab({
          request: saved.request,
          transport: saved.transport,
          title: saved.name,
          origin,
          expect,
          saved: { file, name: saved.name },
          ...(highlight?.length ? { highlight } : {}),
        });
        get().setArea('search');
      }
      return true;
    },
    saveExpectations: async (tabId) => {
      const tab = get().tabs.find((t) => t.id === tabId);
      if (!tab) return false;
      // A saved request keeps its name: the tab's title follows the query it sends, the file's name does not.
      const name = tab.saved?.name ?? tab.title;
      const file = await slice.saveRequestFile({
        name,
        envelope: { kind: 'search', transport: tab.transport, request: tab.request },
        expect: tab.expect,
        file: tab.saved?.file ?? null,
      });
      if (file === null) return false;
      get().patchTab(tab.id, { saved: { file, name } });
      return true;
    },
    saveRequestFile: async ({ name, envelope, expect, file }) => {
      const outcome = await runCall(op, {
        scope: 'saved-expect',
        send: () => workbench().saved.save({ ...envelope, name, expect, ...(file ? { file } : {}) }),
        accept: (v) => `Expectations saved in ${v.file}.`,
      });
      if (outcome.kind !== 'done') return null;
      await slice.loadSaved();
      return outcome.value.file;
    },
    deleteSaved: async (file, name) => {
      await runCall(op, { scope: 'saved-delete', send: () => workbench().saved.delete({ file }), accept: () => `Deleted ${name}.` });
      await slice.loadSaved();
    },
  };
  return slice;
};
