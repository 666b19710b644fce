import type { StateCreator } from 'zustand';
import type { CatalogAttributeView, ProfilesList } from '../../../shared/ipc/contract';
import type { WorkbenchError } from '../../../shared/ipc/result';
import type { ProfileView } from '../../../shared/profiles';
import { workbench } from '../bridge';
import type { AppState } from './store';

export interface ProfilesSlice {
  profiles: ProfilesList | null;
  profilesError: WorkbenchError | null;
  /** Catalog attributes per profile id, for completions; null while unknown. */
  catalogAttributes: Record<string, CatalogAttributeView[] | 'loading' | 'unavailable'>;
  loadProfiles: () => Promise<void>;
  activeProfile: () => ProfileView | undefined;
  switchProfile: (id: string) => Promise<void>;
  loadCatalogAttributes: (profileId: string) => Promise<void>;
}

export const createProfilesSlice: StateCreator<AppState, [], [], ProfilesSlice> = (set, get) => ({
  profiles: null,
  profilesError: null,
  catalogAttributes: {},
  loadProfiles: async () => {
    const result = await workbench().profiles.list();
    if (result.ok) set({ profiles: result.value, profilesError: null });
    else set({ profilesError: result.error });
  },
  activeProfile: () => {
    const p = get().profiles;
    return p?.profiles.find((x) => x.id === p.activeId);
  },
  switchProfile: async (id) => {
    const result = await workbench().profiles.setActive({ id });
    if (!result.ok) get().pushNotice({ id: `switch:${Date.now()}`, level: 'error', message: result.error.message });
    await get().loadProfiles();
  },
  loadCatalogAttributes: async (profileId) => {
    const current = get().catalogAttributes[profileId];
    if (current === 'loading' || Array.isArray(current)) return;
    set((s) => ({ catalogAttributes: { ...s.catalogAttributes, [profileId]: 'loading' } }));
    const result = await workbench().catalog.active({ profileId });
    set((s) => ({ catalogAttributes: { ...s.catalogAttributes, [profileId]: result.ok ? result.value.attributes : 'unavailable' } }));
  },
});
