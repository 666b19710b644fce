import { create } from 'zustand';
import { createAutocompleteSlice } from '../features/autocomplete/state';
import { createCatalogSlice } from '../features/catalog/state';
import { createCompareSlice } from '../features/compare/state';
import { createHistorySlice } from '../features/history/state';
import { createItemSlice } from '../features/item/state';
import { createAssertionsSlice } from '../features/assertions/state';
import { createExplainSlice } from '../features/explain/state';
import { createMatrixSlice } from '../features/matrix/state';
import { createRunsSlice } from '../features/runs/state';
import { createEstimatesSlice } from '../features/estimates/state';
import { createAbTestSlice } from '../features/abtest/state';
import { createTrafficSlice } from '../features/traffic/state';
import { createJudgingSlice } from '../features/judgments/state';
import { createProfilesSlice } from '../features/profiles/state';
import { createSavedSlice, createSearchSlice } from '../features/search/state';
import { createSettingsSlice } from '../features/settings/state';
import { createSuggestSlice } from '../features/suggest/state';
import { createWorkspaceSlice } from '../features/workspace/state';
import { createUrlToolsSlice } from '../features/url-tools/state';
import { createShellSlice } from '../shell/shell-slice';
import type { SetState } from './slice';

/**
 * The one store, composed from the slices: a capability adds its slice with its import and one entry here. Each slice
 * lives beside its feature and is typed against only the slices it uses, so imports run one way: this file → slices.
 * The state's type is what the slices make. Persisted state lives in main.
 */
const SLICES = [
  createShellSlice,
  createSettingsSlice,
  createProfilesSlice,
  createHistorySlice,
  createSearchSlice,
  createSavedSlice,
  createSuggestSlice,
  createAutocompleteSlice,
  createCompareSlice,
  createCatalogSlice,
  createWorkspaceSlice,
  createJudgingSlice,
  createItemSlice,
  createAssertionsSlice,
  createExplainSlice,
  createMatrixSlice,
  createRunsSlice,
  createEstimatesSlice,
  createAbTestSlice,
  createTrafficSlice,
  createUrlToolsSlice,
] as const;

type Creator = (typeof SLICES)[number];
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type AppState = Intersection<ReturnType<Creator>>;

/**
 * Every slice over one `set`/`get`, each typed to take the whole state (so this compiles only if the state meets every
 * slice's needs); the app makes one store of it, a test its own.
 */
export const composeSlices = (set: SetState<AppState>, get: () => AppState): AppState =>
  Object.assign({}, ...SLICES.map((create: (set: SetState<AppState>, get: () => AppState) => object) => create(set, get))) as AppState;

export const useAppStore = create<AppState>()(composeSlices);
