import { create } from 'zustand';
import { createAutocompleteSlice, type AutocompleteSlice } from '../features/autocomplete/autocomplete-slice';
import { createCompareSlice, type CompareSlice } from '../features/compare/compare-slice';
import { createSearchSlice, type SearchSlice } from '../features/search/search-slice';
import { createSuggestSlice, type SuggestSlice } from '../features/suggest/suggest-slice';
import { createHistorySlice, type HistorySlice } from './history-slice';
import { createProfilesSlice, type ProfilesSlice } from './profiles-slice';
import { createShellSlice, type ShellSlice } from './shell-slice';

/** One store built from typed slices; each feature area owns its slice. Persisted state lives in main. */
export type AppState = ShellSlice & ProfilesSlice & SearchSlice & SuggestSlice & AutocompleteSlice & CompareSlice & HistorySlice;

export const useAppStore = create<AppState>()((...args) => ({
  ...createShellSlice(...args),
  ...createProfilesSlice(...args),
  ...createSearchSlice(...args),
  ...createSuggestSlice(...args),
  ...createAutocompleteSlice(...args),
  ...createCompareSlice(...args),
  ...createHistorySlice(...args),
}));
