import { create } from 'zustand';
import { createShellSlice, type ShellSlice } from './shell-slice';

/** One store built from typed slices; each feature area owns its slice. */
export type AppState = ShellSlice;

export const useAppStore = create<AppState>()((...args) => ({
  ...createShellSlice(...args),
}));
