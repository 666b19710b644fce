import { z } from 'zod';
import { profileFieldsSchema, profilePatchSchema, type ProfileExport, type ProfileView, type PublicKeyInfo } from './profile';
import { operation, event, noInput } from '../operations';

export interface SecretStoreInfo {
  backend: 'keychain' | 'safe-storage' | 'memory';
  persistent: boolean;
  description: string;
  /** Why secrets are not in the OS keychain, in the library's words (for support), when they are not. */
  reason?: string;
}

export interface ProfileSummary {
  id: string;
  name: string;
  /** Colour tag, a CSS colour such as `#d64545` — production profiles are meant to stand out. */
  color: string;
  builtIn: boolean;
}

export interface ProfilesSummary {
  activeId: string | null;
  items: ProfileSummary[];
}

const id = z.string().min(1).max(200);
const secretKind = z.enum(['client-secret', 'private-key']);

export interface ProfilesList {
  activeId: string | null;
  profiles: ProfileView[];
  secretStore: SecretStoreInfo;
}

export const profileOperations = {
  'profiles:list': operation<ProfilesList>()({
    example: {},
    input: noInput,
    doc: 'Every profile with its non-secret fields and whether a client secret or private key is stored — never the secret itself.',
  }),
  'profiles:create': operation<ProfileView>()({
    example: {
      name: 'Fuzzed',
      color: '#112233',
      searchUrl: 'https://search.example.com',
      searchTokens: [{ label: 'main', token: 't' }],
    },
    input: profileFieldsSchema,
    doc: 'Creates a profile from its non-secret fields. Secrets are set separately with profiles:set-secret.',
  }),
  'profiles:update': operation<ProfileView>()({
    input: z.object({ id, fields: profilePatchSchema }).strict(),
    doc: "Changes some fields of a profile. Local demo's addresses and credentials are managed by the app.",
  }),
  'profiles:duplicate': operation<ProfileView>()({
    input: z.object({ id }).strict(),
    doc: 'Copies a profile (non-secret fields only; set secrets on the copy).',
  }),
  'profiles:delete': operation<{ deleted: true }>()({
    example: { id: 'no-such-profile' },
    input: z.object({ id }).strict(),
    doc: 'Deletes a profile and its stored secrets. Local demo cannot be deleted.',
  }),
  'profiles:set-active': operation<{ activeId: string }>()({
    input: z.object({ id }).strict(),
    doc: 'Makes a profile the one requests go to.',
  }),
  'profiles:set-secret': operation<{ stored: true }>()({
    example: { id: 'no-such-profile', kind: 'client-secret', value: 'shh' },
    input: z.object({ id, kind: secretKind, value: z.string().min(1).max(100_000) }).strict(),
    doc: 'Stores (or replaces) a client secret or a PKCS#8 private key in the secret store. Write-only: nothing ever reads it back to the renderer.',
  }),
  'profiles:delete-secret': operation<{ deleted: boolean }>()({
    example: { id: 'no-such-profile', kind: 'client-secret' },
    input: z.object({ id, kind: secretKind }).strict(),
    doc: 'Removes a stored client secret or private key.',
  }),
  'profiles:generate-key-pair': operation<PublicKeyInfo>()({
    example: { id: 'no-such-profile' },
    input: z.object({ id }).strict(),
    doc: 'Generates an RSA-2048 key pair: the private key goes to the secret store, the public key (PEM and JWK with its thumbprint kid) comes back to send to the operator.',
  }),
  'profiles:export': operation<ProfileExport>()({
    input: z.object({ id }).strict(),
    doc: 'A profile as portable JSON, without any secret.',
  }),
  'profiles:import': operation<ProfileView>()({
    example: { data: { format: 'search-workbench-profile', version: 1, profile: { name: 'Imported' } } },
    input: z.object({ data: z.unknown() }).strict(),
    doc: 'Creates a profile from an export. The data is validated; secrets are never part of it.',
  }),
} as const;

export const profileEvents = {
  'profiles:changed': event<ProfilesSummary>(
    'Profiles were added, removed, renamed or the active one changed; or Local demo became ready.',
  ),
} as const;
