import type { Result, WorkbenchError } from '@shared/ipc';
import type { CatalogAttributeView } from '@shared/catalog';
import type { ProfilesList } from '@shared/profiles';
import type { ProfileFields, ProfilePatch, ProfileView, SecretKind } from '@shared/profiles';
import { workbench } from '../../bridge';
import { idleCall, runCall, type CallLens, type CallState } from '../../request-ui/lifecycle';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';

/** The kinds of change the Profiles screen makes; each shows its own progress and outcome. */
export type ProfileOp = 'save' | 'import' | 'manage' | 'credentials';

export interface ProfilesSlice {
  profiles: ProfilesList | null;
  /**
   * Fields to start a draft with — a new profile (id null) or a change to an existing one — set by "create a
   * profile for this host" or "add a storefront mapping"; the Profiles screen takes it once.
   */
  profilePrefill: { id: string | null; fields: Partial<ProfileFields> } | null;
  /** Opens the Profiles screen on a new profile, or on an existing one, with these fields filled in (not yet saved). */
  startProfile: (fields: Partial<ProfileFields>, id?: string) => void;
  takeProfilePrefill: () => { id: string | null; fields: Partial<ProfileFields> } | null;
  profilesError: WorkbenchError | null;
  /** Catalog attributes per profile id, for completions; null while unknown. */
  catalogAttributes: Record<string, CatalogAttributeView[] | 'loading' | 'unavailable'>;
  /** Each kind of change's last run: a confirmation to show, or its error. */
  profileOps: Record<ProfileOp, CallState<string>>;
  loadProfiles: () => Promise<void>;
  activeProfile: () => ProfileView | undefined;
  switchProfile: (id: string) => Promise<void>;
  loadCatalogAttributes: (profileId: string) => Promise<void>;
  /** Runs one change; on success the list is read again. Resolves to the answer, or null when it failed. */
  changeProfile: <T>(op: ProfileOp, send: () => Promise<Result<T>>, confirmation: (value: T) => string) => Promise<T | null>;
  /** Clears what an op last said (a new selection starts clean). */
  clearProfileOp: (op: ProfileOp) => void;
  createProfile: (fields: ProfileFields) => Promise<ProfileView | null>;
  updateProfile: (id: string, fields: ProfilePatch) => Promise<ProfileView | null>;
  importProfile: (data: unknown) => Promise<ProfileView | null>;
  duplicateProfile: (id: string) => Promise<ProfileView | null>;
  deleteProfile: (id: string) => Promise<boolean>;
  /** The profile as portable JSON text (no secrets), or null when it could not be read. */
  exportProfile: (id: string) => Promise<string | null>;
  setSecret: (id: string, kind: SecretKind, value: string) => Promise<boolean>;
  deleteSecret: (id: string, kind: SecretKind) => Promise<boolean>;
  generateKeyPair: (id: string, builtIn: boolean) => Promise<boolean>;
}

type Deps = Pick<ShellSlice, 'pushNotice' | 'refreshInfo' | 'setArea'>;

export const createProfilesSlice: SliceCreator<ProfilesSlice, Deps> = (set, get) => {
  const lens = (op: ProfileOp): CallLens<string> => ({
    get: () => get().profileOps[op],
    set: (patch) => set((s) => ({ profileOps: { ...s.profileOps, [op]: { ...s.profileOps[op], ...patch } } })),
  });
  const change: ProfilesSlice['changeProfile'] = async (op, send, confirmation) => {
    const outcome = await runCall(lens(op), { scope: `profiles-${op}`, send, accept: confirmation });
    if (outcome.kind !== 'done') return null;
    await Promise.all([get().loadProfiles(), get().refreshInfo()]);
    return outcome.value;
  };
  const secretName = (kind: SecretKind) => (kind === 'client-secret' ? 'Client secret' : 'Private key');
  return {
    profiles: null,
    profilePrefill: null,
    startProfile: (fields, id) => {
      set({ profilePrefill: { id: id ?? null, fields } });
      get().setArea('profiles');
    },
    takeProfilePrefill: () => {
      const prefill = get().profilePrefill;
      if (prefill) set({ profilePrefill: null });
      return prefill;
    },
    profilesError: null,
    catalogAttributes: {},
    profileOps: { save: idleCall(), import: idleCall(), manage: idleCall(), credentials: idleCall() },
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
    changeProfile: change,
    clearProfileOp: (op) => lens(op).set(idleCall()),
    createProfile: (fields) =>
      change(
        'save',
        () => workbench().profiles.create(fields),
        (p) => `Created “${p.name}”.`,
      ),
    updateProfile: (id, fields) =>
      change(
        'save',
        () => workbench().profiles.update({ id, fields }),
        (p) => `Saved “${p.name}”.`,
      ),
    importProfile: (data) =>
      change(
        'import',
        () => workbench().profiles.import({ data }),
        (p) => `Imported “${p.name}”. Set its secret or key pair to reach the item catalog.`,
      ),
    duplicateProfile: (id) =>
      change(
        'manage',
        () => workbench().profiles.duplicate({ id }),
        (p) => `Duplicated as “${p.name}”.`,
      ),
    deleteProfile: async (id) =>
      (await change(
        'manage',
        () => workbench().profiles.delete({ id }),
        () => 'Profile deleted.',
      )) !== null,
    exportProfile: async (id) => {
      const outcome = await runCall(lens('manage'), {
        scope: 'profiles-export',
        send: () => workbench().profiles.export({ id }),
        accept: () => 'Copied the profile as JSON (no secrets).',
      });
      return outcome.kind === 'done' ? JSON.stringify(outcome.value, null, 2) : null;
    },
    setSecret: async (id, kind, value) =>
      (await change(
        'credentials',
        () => workbench().profiles.setSecret({ id, kind, value }),
        () => `${secretName(kind)} stored.`,
      )) !== null,
    deleteSecret: async (id, kind) =>
      (await change(
        'credentials',
        () => workbench().profiles.deleteSecret({ id, kind }),
        () => `${secretName(kind)} deleted.`,
      )) !== null,
    generateKeyPair: async (id, builtIn) =>
      (await change(
        'credentials',
        () => workbench().profiles.generateKeyPair({ id }),
        () =>
          builtIn
            ? 'New key pair generated and registered with the Local demo service.'
            : 'New key pair generated. Send the public key to the operator to register it for this client id.',
      )) !== null,
  };
};
