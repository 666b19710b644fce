import { create } from 'zustand';
import { createSearchSlice, type SearchSlice } from '../features/search/search-slice';
import { createHistorySlice, type HistorySlice } from './history-slice';
import { createProfilesSlice, type ProfilesSlice } from './profiles-slice';
import { createShellSlice, type ShellSlice } from './shell-slice';

/** One store built from typed slices; each feature area owns its slice. Persisted state lives in main. */
export type AppState = ShellSlice & ProfilesSlice & SearchSlice & HistorySlice;

export const useAppStore = create<AppState>()((...args) => ({
  ...createShellSlice(...args),
  ...createProfilesSlice(...args),
  ...createSearchSlice(...args),
  ...createHistorySlice(...args),
}));
