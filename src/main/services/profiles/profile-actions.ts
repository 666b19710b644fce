import type { ProfilesList } from '../../../shared/profiles';
import {
  LOCAL_DEMO_ID,
  type Profile,
  type ProfileExport,
  type ProfileView,
  type PublicKeyInfo,
  type SecretKind,
} from '../../../shared/profiles';
import type { EventHub } from '../../events';
import type { LocalDemo } from './local-demo';
import { credentialsFor } from './profile-access';
import type { ProfileService } from './profiles';
import { secretStoreInfo, type SecretStoreChoice } from '../secrets';
import type { TokenClient } from './token-client';

export interface ProfileActionsDeps {
  profiles: ProfileService;
  tokens: TokenClient;
  secrets: SecretStoreChoice;
  events: EventHub;
  localDemo: LocalDemo | undefined;
}

/**
 * What the renderer may do to profiles, each with its consequences: the
 * windows are told when profiles change, and a cached token is dropped when
 * the secret behind it changes. Secrets go in, never out.
 */
export class ProfileActions {
  constructor(private readonly deps: ProfileActionsDeps) {}

  private changed(): void {
    this.deps.events.emit('profiles:changed', this.deps.profiles.summary());
  }

  private async changedView(profile: Profile): Promise<ProfileView> {
    this.changed();
    return this.deps.profiles.view(profile);
  }

  private forgetToken(id: string): void {
    this.deps.tokens.forgetClient(credentialsFor(this.deps, this.deps.profiles.get(id)));
  }

  async list(): Promise<ProfilesList> {
    return {
      activeId: this.deps.profiles.activeId,
      profiles: await this.deps.profiles.list(),
      secretStore: secretStoreInfo(this.deps.secrets),
    };
  }

  async create(fields: unknown): Promise<ProfileView> {
    return this.changedView(await this.deps.profiles.create(fields));
  }

  async update(id: string, fields: unknown): Promise<ProfileView> {
    return this.changedView(await this.deps.profiles.update(id, fields));
  }

  async duplicate(id: string): Promise<ProfileView> {
    return this.changedView(await this.deps.profiles.duplicate(id));
  }

  async delete(id: string): Promise<{ deleted: true }> {
    await this.deps.profiles.delete(id);
    this.changed();
    return { deleted: true };
  }

  async setActive(id: string): Promise<{ activeId: string }> {
    await this.deps.profiles.setActive(id);
    this.changed();
    return { activeId: id };
  }

  async setSecret(id: string, kind: SecretKind, value: string): Promise<{ stored: true }> {
    await this.deps.profiles.setSecret(id, kind, value);
    this.forgetToken(id);
    return { stored: true };
  }

  async deleteSecret(id: string, kind: SecretKind): Promise<{ deleted: boolean }> {
    const deleted = await this.deps.profiles.deleteSecret(id, kind);
    this.forgetToken(id);
    return { deleted };
  }

  async generateKeyPair(id: string): Promise<PublicKeyInfo> {
    const publicKey = await this.deps.profiles.generateKeyPair(id);
    this.forgetToken(id);
    // Local demo's key is registered with its emulator at once, as an operator would.
    if (id === LOCAL_DEMO_ID) await this.deps.localDemo?.register();
    this.changed();
    return publicKey;
  }

  export(id: string): ProfileExport {
    return this.deps.profiles.exportProfile(id);
  }

  async import(data: unknown): Promise<ProfileView> {
    return this.changedView(await this.deps.profiles.importProfile(data));
  }
}
