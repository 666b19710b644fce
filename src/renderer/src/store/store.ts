import { create } from 'zustand';
import { createAutocompleteSlice, type AutocompleteSlice } from '../features/autocomplete/state';
import { createCatalogSlice, type CatalogSlice } from '../features/catalog/state';
import { createCompareSlice, type CompareSlice } from '../features/compare/state';
import { createHistorySlice, type HistorySlice } from '../features/history/state';
import { createItemSlice, type ItemSlice } from '../features/item/state';
import { createAssertionsSlice, type AssertionsSlice } from '../features/assertions/state';
import { createExplainSlice, type ExplainSlice } from '../features/explain/state';
import { createMatrixSlice, type MatrixSlice } from '../features/matrix/state';
import { createRunsSlice, type RunsSlice } from '../features/runs/state';
import { createEstimatesSlice, type EstimatesSlice } from '../features/estimates/state';
import { createAbTestSlice, type AbTestSlice } from '../features/abtest/state';
import { createTrafficSlice, type TrafficSlice } from '../features/traffic/state';
import { createJudgingSlice, type JudgingSlice } from '../features/judgments/state';
import { createProfilesSlice, type ProfilesSlice } from '../features/profiles/state';
import { createSavedSlice, type SavedSlice, createSearchSlice, type SearchSlice } from '../features/search/state';
import { createSettingsSlice, type SettingsSlice } from '../features/settings/state';
import { createSuggestSlice, type SuggestSlice } from '../features/suggest/state';
import { createWorkspaceSlice, type WorkspaceSlice } from '../features/workspace/state';
import { createUrlToolsSlice, type UrlToolsSlice } from '../features/url-tools/state';
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
  AssertionsSlice &
  ExplainSlice &
  MatrixSlice &
  RunsSlice &
  EstimatesSlice &
  AbTestSlice &
  TrafficSlice &
  UrlToolsSlice;

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
  ...createAssertionsSlice(set, get),
  ...createExplainSlice(set, get),
  ...createMatrixSlice(set, get),
  ...createRunsSlice(set, get),
  ...createEstimatesSlice(set, get),
  ...createAbTestSlice(set, get),
  ...createTrafficSlice(set, get),
  ...createUrlToolsSlice(set, get),
});

export const useAppStore = create<AppState>()(composeSlices);
