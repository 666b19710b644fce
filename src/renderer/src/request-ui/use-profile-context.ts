import { useEffect, useMemo } from 'react';
import type { CatalogAttributeView } from '@shared/catalog';
import type { ProfileView } from '@shared/profiles';
import { useAppStore } from '../store/store';

export interface ProfileContext {
  profile: ProfileView | undefined;
  /** The catalog's attribute schema when the profile can read it. */
  catalog: CatalogAttributeView[] | undefined;
  /** Sortable attributes: the profile's list and the catalog's, together. */
  sortable: string[];
}

/** The active profile and what is known about its catalog, loaded on first use. */
export function useProfileContext(): ProfileContext {
  const profiles = useAppStore((s) => s.profiles);
  const loadProfiles = useAppStore((s) => s.loadProfiles);
  const loadCatalogAttributes = useAppStore((s) => s.loadCatalogAttributes);
  const profile = profiles?.profiles.find((p) => p.id === profiles.activeId);
  const attributes = useAppStore((s) => (profile ? s.catalogAttributes[profile.id] : undefined));
  useEffect(() => {
    if (!profiles) void loadProfiles();
  }, [profiles, loadProfiles]);
  useEffect(() => {
    if (profile?.id) void loadCatalogAttributes(profile.id);
  }, [profile?.id, loadCatalogAttributes]);
  const catalog = Array.isArray(attributes) ? attributes : undefined;
  const sortable = useMemo(
    () => [...new Set([...(profile?.sortableAttributes ?? []), ...(catalog ?? []).filter((a) => a.sortable).map((a) => a.name)])],
    [profile, catalog],
  );
  return { profile, catalog, sortable };
}
