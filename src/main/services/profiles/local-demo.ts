import { SIMULATED_CURRENCY } from '../../../shared/traffic';
import { type RunningEmulator, type StartEmulatorOptions, startEmulator } from '../../emulator';
import { failure } from '../../../shared/errors';
import { LOCAL_DEMO_ID, LOCAL_DEMO_STOREFRONT_HOST, type Profile, type ProfileFields } from '../../../shared/profiles';
import { presetMapping, type StorefrontMapping } from '../../../shared/storefront';
import type { HttpClient } from '../http';
import type { ProfileService } from './profiles';

export const LOCAL_DEMO_CLIENT_ID = 'workbench-local';

export type LocalDemoState = { state: 'starting' } | { state: 'ready'; url: string } | { state: 'failed'; message: string };

/**
 * The Local demo profile: the embedded emulator on a free loopback port, a
 * profile bound to it, and a key pair the app generates and registers with
 * the emulator — so every feature works with no account and no network.
 */
export class LocalDemo {
  private running: RunningEmulator | undefined;
  private status: LocalDemoState = { state: 'starting' };
  readonly ready: Promise<Profile | undefined>;

  constructor(
    private readonly profiles: ProfileService,
    private readonly http: HttpClient,
    emulatorOptions: StartEmulatorOptions = {},
    onChange: (state: LocalDemoState) => void = () => {},
  ) {
    this.ready = this.start(emulatorOptions).then(
      (profile) => {
        this.status = { state: 'ready', url: this.running?.url ?? '' };
        onChange(this.status);
        return profile;
      },
      (err: unknown) => {
        this.status = { state: 'failed', message: `The Local demo service could not start: ${(err as Error).message}` };
        onChange(this.status);
        return undefined;
      },
    );
  }

  get state(): LocalDemoState {
    return this.status;
  }

  get emulator(): RunningEmulator | undefined {
    return this.running;
  }

  private async start(options: StartEmulatorOptions): Promise<Profile> {
    this.running = await startEmulator(options);
    const info = this.running.info();
    const demo = info.tenants.find((t) => t.id === 'demo') ?? info.tenants[0];
    if (!demo) throw new Error('the emulator has no tenant');
    const fields: ProfileFields = {
      name: 'Local demo',
      color: '#10b981',
      searchUrl: info.searchUrl,
      authUrl: info.authUrl,
      itemsUrl: info.itemsUrl,
      tenant: demo.id,
      environment: demo.environment,
      searchTokens: demo.searchTokens.map((token, i) => ({ label: i === 0 ? 'storefront' : `token ${i + 1}`, token })),
      configurationIds: demo.configurations.map((c) => c.id),
      sortableAttributes: demo.sortableAttributes,
      clientId: LOCAL_DEMO_CLIENT_ID,
      authMethod: 'private-key',
      assertionAudience: 'token-endpoint',
      // A demo storefront built on the BigCommerce integration: paste its URLs, copy requests back as its URLs.
      storefronts: [presetMapping('bigcommerce-xo', LOCAL_DEMO_STOREFRONT_HOST) as StorefrontMapping].map((m) => ({
        ...m,
        name: 'Demo storefront',
        path: '/search.php',
      })),
      trackerKey: demo.trackerKey,
      trackerRegion: 'eu',
      collectUrl: info.collectUrl,
      currency: SIMULATED_CURRENCY,
    };
    await this.profiles.upsertLocalDemo(fields);
    if (!(await this.profiles.readSecret(LOCAL_DEMO_ID, 'private-key')) || !this.profiles.get(LOCAL_DEMO_ID).publicKey) {
      await this.profiles.generateKeyPair(LOCAL_DEMO_ID);
    }
    await this.register(demo.id);
    return this.profiles.get(LOCAL_DEMO_ID);
  }

  /** Registers the profile's public key with the emulator, as an operator would. */
  async register(tenant = 'demo'): Promise<void> {
    const profile = this.profiles.get(LOCAL_DEMO_ID);
    if (!this.running || !profile.publicKey) return;
    const outcome = await this.http.send({
      method: 'POST',
      url: `${this.running.url}/__emulator/service-accounts`,
      headers: [['Content-Type', 'application/json']],
      body: JSON.stringify({ tenant, clientId: profile.clientId, publicKeyPem: profile.publicKey.pem }),
    });
    if (!outcome.ok || outcome.status !== 200)
      throw new Error(`registering the Local demo key failed: ${outcome.ok ? outcome.text : outcome.error.message}`);
  }

  /** For calls to the Local demo profile: waits for the emulator, or explains why it is not there. */
  async whenReady(): Promise<void> {
    await this.ready;
    if (this.status.state === 'failed') throw failure('network', this.status.message);
  }

  async stop(): Promise<void> {
    await this.running?.stop();
  }
}
