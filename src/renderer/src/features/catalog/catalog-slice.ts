import type { ActiveCatalogView, ConnectionStep, TokenStatusView } from '@shared/catalog';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { SliceCreator } from '../../store/slice';

/** A reading with the moment it arrived, so countdowns run from there. */
export interface Timed<T> {
  view: T;
  at: number;
}

export interface CatalogState {
  /** Whose catalog this is; everything below belongs to it and is dropped when it changes. */
  profileId: string | null;
  active: CallState<Timed<ActiveCatalogView>>;
  token: CallState<Timed<TokenStatusView>>;
  test: CallState<ConnectionStep[]>;
}

export interface CatalogSlice {
  catalog: CatalogState;
  /** Shows a profile's catalog afresh: reads it when the profile can (`read`), otherwise only its token status. */
  openCatalog: (profileId: string, read: boolean) => void;
  loadCatalog: () => Promise<void>;
  loadTokenStatus: () => Promise<void>;
  /** A connection test of this profile (the screen's: the active one), whatever the slice was last opened on. */
  testConnection: (profileId: string) => Promise<void>;
}

const blank = (profileId: string | null): CatalogState => ({ profileId, active: idleCall(), token: idleCall(), test: idleCall() });

/** True when every step of a connection test passed. */
export const allPassed = (steps: ConnectionStep[]) => steps.length > 0 && steps.every((s) => s.ok);

export const createCatalogSlice: SliceCreator<CatalogSlice> = (set, get) => {
  const patch = (p: Partial<CatalogState>) => set((s) => ({ catalog: { ...s.catalog, ...p } }));
  const lenses = {
    active: lensAt(() => get().catalog, patch, 'active'),
    token: lensAt(() => get().catalog, patch, 'token'),
    test: lensAt(() => get().catalog, patch, 'test'),
  };
  const profileId = () => get().catalog.profileId ?? undefined;
  const slice: CatalogSlice = {
    catalog: blank(null),
    openCatalog: (id, read) => {
      // The same profile again keeps its connection test (one clicked while the screen opened is not wiped).
      set((s) => ({ catalog: { ...blank(id), ...(s.catalog.profileId === id ? { test: s.catalog.test } : {}) } }));
      void (read ? slice.loadCatalog() : slice.loadTokenStatus());
    },
    loadCatalog: async () => {
      const outcome = await runCall(lenses.active, {
        scope: 'catalog',
        send: () => workbench().catalog.active({ profileId: profileId() }),
        accept: (view) => ({ view, at: Date.now() }),
      });
      if (outcome.kind === 'done') lenses.token.set({ status: 'done', result: { view: outcome.value.token, at: Date.now() } });
      else if (outcome.kind === 'error') await slice.loadTokenStatus();
    },
    loadTokenStatus: async () => {
      await runCall(lenses.token, {
        scope: 'token-status',
        send: () => workbench().token.status({ profileId: profileId() }),
        accept: (view) => ({ view, at: Date.now() }),
      });
    },
    testConnection: async (id) => {
      // Clicked before the screen opened the slice on this profile: opened on it first, so the test is of this one.
      if (get().catalog.profileId !== id) set({ catalog: blank(id) });
      const outcome = await runCall(lenses.test, {
        scope: 'test-connection',
        send: () => workbench().catalog.testConnection({ profileId: profileId() }),
        accept: (v) => v.steps,
      });
      if (outcome.kind !== 'done') return;
      await (allPassed(outcome.value.steps) ? slice.loadCatalog() : slice.loadTokenStatus());
    },
  };
  return slice;
};
