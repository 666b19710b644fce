import { create } from 'zustand';
import { createAutocompleteSlice, type AutocompleteSlice } from '../features/autocomplete/autocomplete-slice';
import { createCatalogSlice, type CatalogSlice } from '../features/catalog/catalog-slice';
import { createCompareSlice } from '../features/compare/compare-slice';
import type { CompareSlice } from '../features/compare/compare-state';
import { createHistorySlice, type HistorySlice } from '../features/history/history-slice';
import { createItemSlice, type ItemSlice } from '../features/item/item-slice';
import { createSuiteSlice, type SuiteSlice } from '../features/assertions/suite-slice';
import { createExplainSlice, type ExplainSlice } from '../features/explain/explain-slice';
import { createMatrixSlice, type MatrixSlice } from '../features/matrix/matrix-slice';
import { createRunsSlice, type RunsSlice } from '../features/runs/runs-slice';
import { createJudgingSlice, type JudgingSlice } from '../features/judgments/judging-slice';
import { createProfilesSlice, type ProfilesSlice } from '../features/profiles/profiles-slice';
import { createSavedSlice, type SavedSlice } from '../features/search/saved-slice';
import { createSearchSlice, type SearchSlice } from '../features/search/search-slice';
import { createSettingsSlice, type SettingsSlice } from '../features/settings/settings-slice';
import { createSuggestSlice, type SuggestSlice } from '../features/suggest/suggest-slice';
import { createWorkspaceSlice, type WorkspaceSlice } from '../features/workspace/workspace-slice';
import { createPasteSlice, type PasteSlice } from '../features/url-tools/paste-slice';
import { createShellSlice, type ShellSlice } from '../shell/shell-slice';
import type { SetState } from './slice';

/**
 * The one store, composed from the slices; each slice lives beside its
 * feature and is typed against only the slices it uses, so imports run one
 * way: this file → slices. Persisted state lives in main.
 */
export type AppState = ShellSlice &
  SettingsSlice &
  ProfilesSlice &
  HistorySlice &
  SearchSlice &
  SavedSlice &
  SuggestSlice &
  AutocompleteSlice &
  CompareSlice &
  CatalogSlice &
  WorkspaceSlice &
  JudgingSlice &
  ItemSlice &
  SuiteSlice &
  ExplainSlice &
  MatrixSlice &
  RunsSlice &
  PasteSlice;

/** Every slice over one `set`/`get`; the app makes one store of it, a test its own. */
export const composeSlices = (set: SetState<AppState>, get: () => AppState): AppState => ({
  ...createShellSlice(set, get),
  ...createSettingsSlice(set, get),
  ...createProfilesSlice(set, get),
  ...createHistorySlice(set, get),
  ...createSearchSlice(set, get),
  ...createSavedSlice(set, get),
  ...createSuggestSlice(set, get),
  ...createAutocompleteSlice(set, get),
  ...createCompareSlice(set, get),
  ...createCatalogSlice(set, get),
  ...createWorkspaceSlice(set, get),
  ...createJudgingSlice(set, get),
  ...createItemSlice(set, get),
  ...createSuiteSlice(set, get),
  ...createExplainSlice(set, get),
  ...createMatrixSlice(set, get),
  ...createRunsSlice(set, get),
  ...createPasteSlice(set, get),
});

export const useAppStore = create<AppState>()(composeSlices);
