import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { importPKCS8 } from 'jose';
import { z } from 'zod';
import { type Notice } from '../../../shared/app';
import { type ProfilesSummary } from '../../../shared/profiles';
import { failure } from '../../../shared/errors';
import {
  LOCAL_DEMO_ID,
  PROFILE_EXPORT_FORMAT,
  profileExportSchema,
  profileFieldsSchema,
  profilePatchSchema,
  profileSchema,
  type Profile,
  type ProfileExport,
  type ProfileFields,
  type ProfileView,
  type PublicKeyInfo,
  type SecretKind,
} from '../../../shared/profiles';
import { describeIssues, zodIssues } from '../../../shared/zod';
import type { Redactor } from '../http';
import { generateRsaKeyPair, publicKeyInfo } from './keys';
import { secretKey, type SecretStore } from '../secrets';
import { JsonDocument } from '../storage';

const profilesFileSchema = z.object({
  activeId: z.string().nullable().default(null),
  profiles: z.array(profileSchema).default([]),
});
type ProfilesFile = z.infer<typeof profilesFileSchema>;

/** Fields of the built-in Local demo that the app manages; the user may rename and recolour it. */
/** Local demo's fields the app sets from its emulator on every start (edits would be lost, so they are refused). */
const MANAGED_FIELDS = [
  'searchUrl',
  'authUrl',
  'itemsUrl',
  'tenant',
  'environment',
  'searchTokens',
  'configurationIds',
  'sortableAttributes',
  'clientId',
  'authMethod',
] as const;

/**
 * Profiles (environments) in a versioned JSON file; their secrets in the
 * secret store under keys derived from the profile id. Nothing returned here
 * ever carries a secret, only whether one is stored.
 */
export class ProfileService {
  private readonly doc: JsonDocument<typeof profilesFileSchema>;
  private state: ProfilesFile = { activeId: null, profiles: [] };

  constructor(
    dataDir: string,
    private readonly secrets: SecretStore,
    private readonly redactor: Redactor,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.doc = new JsonDocument({
      file: join(dataDir, 'profiles.json'),
      schema: profilesFileSchema,
      version: 1,
      defaults: () => ({ activeId: null, profiles: [] }),
    });
  }

  get file(): string {
    return this.doc.file;
  }

  async load(): Promise<Notice | undefined> {
    const outcome = await this.doc.load();
    this.state = outcome.value;
    return outcome.notice;
  }

  private async save(): Promise<void> {
    await this.doc.save(this.state);
  }

  find(id: string): Profile | undefined {
    return this.state.profiles.find((p) => p.id === id);
  }

  get(id: string): Profile {
    const profile = this.find(id);
    if (!profile) throw failure('not-found', `There is no profile with id ${id}; it may have been deleted.`, { field: 'id' });
    return profile;
  }

  /** The profile to use: the one named, else the active one. */
  resolve(id?: string | null): Profile {
    const target = id ?? this.state.activeId;
    if (!target)
      throw failure('validation', 'No profile is selected: pick one in the status bar or create one under Profiles.', {
        field: 'profileId',
      });
    return this.get(target);
  }

  get activeId(): string | null {
    return this.state.activeId;
  }

  async view(profile: Profile): Promise<ProfileView> {
    return {
      ...structuredClone(profile),
      secrets: {
        clientSecret: await this.secrets.has(secretKey(profile.id, 'client-secret')),
        privateKey: await this.secrets.has(secretKey(profile.id, 'private-key')),
      },
    };
  }

  async list(): Promise<ProfileView[]> {
    return Promise.all(this.state.profiles.map((p) => this.view(p)));
  }

  summary(): ProfilesSummary {
    return {
      activeId: this.state.activeId,
      items: this.state.profiles.map((p) => ({ id: p.id, name: p.name, color: p.color, builtIn: p.builtIn })),
    };
  }

  private parseFields(input: unknown, partial: boolean): Partial<ProfileFields> {
    const schema = partial ? profilePatchSchema : profileFieldsSchema;
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const issues = zodIssues(parsed.error);
      throw failure('validation', `The profile is not valid: ${describeIssues(issues)}`, { issues, field: issues[0]?.path });
    }
    return parsed.data;
  }

  private uniqueName(name: string, exceptId?: string): string {
    const taken = new Set(this.state.profiles.filter((p) => p.id !== exceptId).map((p) => p.name.toLowerCase()));
    if (!taken.has(name.toLowerCase())) return name;
    for (let i = 2; ; i++) if (!taken.has(`${name} (${i})`.toLowerCase())) return `${name} (${i})`;
  }

  async create(fields: unknown, options: { id?: string; builtIn?: boolean; publicKey?: PublicKeyInfo } = {}): Promise<Profile> {
    const parsed = this.parseFields(fields, false) as ProfileFields;
    const at = this.now().toISOString();
    const profile: Profile = {
      ...parsed,
      name: this.uniqueName(parsed.name),
      id: options.id ?? randomUUID(),
      builtIn: options.builtIn ?? false,
      ...(options.publicKey ? { publicKey: options.publicKey } : {}),
      createdAt: at,
      updatedAt: at,
    };
    this.state.profiles.push(profile);
    this.state.activeId ??= profile.id;
    await this.save();
    return profile;
  }

  async update(id: string, patch: unknown, options: { managed?: boolean } = {}): Promise<Profile> {
    const profile = this.get(id);
    const fields = this.parseFields(patch, true);
    if (profile.builtIn && !options.managed) {
      const touched = MANAGED_FIELDS.filter((f) => f in fields && JSON.stringify(fields[f]) !== JSON.stringify(profile[f]));
      if (touched.length > 0)
        throw failure('validation', `Local demo's ${touched.join(', ')} are managed by the app; duplicate the profile to change them.`, {
          field: touched[0],
        });
    }
    const next: Profile = { ...profile, ...fields, updatedAt: this.now().toISOString() };
    if (fields.name) next.name = this.uniqueName(fields.name, id);
    profileSchema.parse(next);
    this.state.profiles = this.state.profiles.map((p) => (p.id === id ? next : p));
    await this.save();
    return next;
  }

  /** A copy of the non-secret fields; secrets are not copied (set them on the copy). */
  async duplicate(id: string): Promise<Profile> {
    const source = this.get(id);
    const { id: _id, builtIn: _b, publicKey: _k, createdAt: _c, updatedAt: _u, ...fields } = source;
    return this.create({ ...fields, name: `${source.name} (copy)` });
  }

  async delete(id: string): Promise<void> {
    const profile = this.get(id);
    if (profile.builtIn) throw failure('validation', 'Local demo is built in and cannot be deleted.', { field: 'id' });
    this.state.profiles = this.state.profiles.filter((p) => p.id !== id);
    if (this.state.activeId === id) this.state.activeId = this.state.profiles[0]?.id ?? null;
    await this.save();
    await this.secrets.delete(secretKey(id, 'client-secret'));
    await this.secrets.delete(secretKey(id, 'private-key'));
  }

  async setActive(id: string): Promise<void> {
    this.get(id);
    this.state.activeId = id;
    await this.save();
  }

  async setSecret(id: string, kind: SecretKind, value: string): Promise<void> {
    this.get(id);
    const trimmed = kind === 'private-key' ? value.trim() : value;
    if (trimmed === '')
      throw failure('validation', `The ${kind === 'client-secret' ? 'client secret' : 'private key'} is empty.`, { field: kind });
    if (kind === 'private-key') {
      try {
        await importPKCS8(trimmed, 'RS256');
      } catch {
        throw failure(
          'validation',
          'The private key must be an RSA key in PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"). Convert with: openssl pkcs8 -topk8 -nocrypt -in key.pem',
          { field: kind },
        );
      }
    }
    this.redactor.remember(trimmed);
    await this.secrets.set(secretKey(id, kind), trimmed);
    if (kind === 'private-key') {
      // A pasted key's public half (and kid) replaces the one shown, so Profiles shows what assertions carry.
      const publicKey = await publicKeyInfo(trimmed, this.now());
      this.state.profiles = this.state.profiles.map((p) => (p.id === id ? { ...p, publicKey, updatedAt: this.now().toISOString() } : p));
      await this.save();
    }
  }

  async deleteSecret(id: string, kind: SecretKind): Promise<boolean> {
    this.get(id);
    return this.secrets.delete(secretKey(id, kind));
  }

  /** Read by main only (token client); never exposed on a channel. */
  async readSecret(id: string, kind: SecretKind): Promise<string | undefined> {
    const value = await this.secrets.get(secretKey(id, kind));
    if (value) this.redactor.remember(value);
    return value;
  }

  /** A new RSA-2048 key pair: private half to the secret store, public half on the profile. */
  async generateKeyPair(id: string): Promise<PublicKeyInfo> {
    this.get(id);
    const pair = await generateRsaKeyPair(this.now());
    this.redactor.remember(pair.privateKeyPem);
    await this.secrets.set(secretKey(id, 'private-key'), pair.privateKeyPem);
    const profile = this.get(id);
    const next: Profile = { ...profile, publicKey: pair.publicKey, authMethod: 'private-key', updatedAt: this.now().toISOString() };
    this.state.profiles = this.state.profiles.map((p) => (p.id === id ? next : p));
    await this.save();
    return pair.publicKey;
  }

  exportProfile(id: string): ProfileExport {
    const { id: _id, builtIn: _b, createdAt: _c, updatedAt: _u, ...fields } = this.get(id);
    return { format: PROFILE_EXPORT_FORMAT, version: 1, profile: fields };
  }

  async importProfile(data: unknown): Promise<Profile> {
    const parsed = profileExportSchema.safeParse(data);
    if (!parsed.success) {
      const issues = zodIssues(parsed.error);
      throw failure('validation', `This is not a Search Workbench profile export: ${describeIssues(issues)}`, { issues });
    }
    const { publicKey, ...fields } = parsed.data.profile;
    return this.create(fields, publicKey ? { publicKey } : {});
  }

  /** Creates or refreshes the built-in Local demo profile from the running emulator. */
  async upsertLocalDemo(fields: ProfileFields): Promise<Profile> {
    const existing = this.find(LOCAL_DEMO_ID);
    if (!existing) {
      const created = await this.create(fields, { id: LOCAL_DEMO_ID, builtIn: true });
      return created;
    }
    // Keep the user's name, colour, assertion audience and storefront mappings; refresh what the emulator decides.
    const { name: _n, color: _c, assertionAudience: _a, storefronts: _s, ...managed } = fields;
    return this.update(LOCAL_DEMO_ID, managed, { managed: true });
  }
}
