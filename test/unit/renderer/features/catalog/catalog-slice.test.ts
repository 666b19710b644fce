import { describe, expect, it } from 'vitest';
import { allPassed } from '../../../../../src/renderer/src/features/catalog/catalog-slice';
import { LOCAL_DEMO_ID } from '../../../../../src/shared/profiles';
import { appForSuite, waitFor } from '../../app-under-test';

describe('catalog: the slice against Local demo', () => {
  const app = appForSuite();

  it('reads the active catalog and its token status, afresh for each profile', async () => {
    app.state().openCatalog(LOCAL_DEMO_ID, true);
    const state = await waitFor(app.store, (s) => s.catalog.active.status === 'done' && s.catalog.token.status === 'done');
    expect(state.catalog.profileId).toBe(LOCAL_DEMO_ID);
    expect(state.catalog.active.result?.view.attributes.length).toBeGreaterThan(5);
    expect(state.catalog.token.result?.view.cached).toBe(true);
    app.state().openCatalog(LOCAL_DEMO_ID, false);
    expect(app.state().catalog.active.result).toBeNull();
  });

  it('tests the connection: both steps pass, then the catalog is read again', async () => {
    await app.state().testConnection(LOCAL_DEMO_ID);
    const steps = app.state().catalog.test.result!;
    expect(steps.map((s) => s.step)).toEqual(['token', 'catalog']);
    expect(allPassed(steps)).toBe(true);
    expect(app.state().catalog.active.status).toBe('done');
    expect(allPassed([])).toBe(false);
  });

  it('names the cause of a failed step with a closed cause', async () => {
    const created = await app.state().createProfile({
      name: 'Unreachable',
      color: '#3b82f6',
      searchUrl: 'http://127.0.0.1:9',
      authUrl: 'http://127.0.0.1:9',
      itemsUrl: 'http://127.0.0.1:9',
      tenant: 't',
      environment: 'e',
      searchTokens: [],
      configurationIds: [],
      sortableAttributes: [],
      clientId: 'c',
      authMethod: 'client-secret',
      assertionAudience: 'token-endpoint',
      storefronts: [],
      trackerKey: '',
      trackerRegion: 'eu',
      collectUrl: '',
      currency: '',
    });
    app.state().openCatalog(created!.id, true);
    await waitFor(app.store, (s) => s.catalog.active.status === 'error');
    await app.state().testConnection(created!.id);
    const [token] = app.state().catalog.test.result!;
    expect(token).toMatchObject({ step: 'token', ok: false, cause: 'missing-secret' });
  });

  it('a test clicked before the screen opened the slice on its profile tests that profile, and its opening keeps the result', async () => {
    // The slice still on Local demo (the screen was last open there); the user switched and clicked at once.
    app.state().openCatalog(LOCAL_DEMO_ID, false);
    const other = app.state().profiles!.profiles.find((p) => p.name === 'Unreachable')!;
    await app.state().testConnection(other.id);
    expect(app.state().catalog.profileId).toBe(other.id);
    expect(app.state().catalog.test.result![0]).toMatchObject({ step: 'token', ok: false, cause: 'missing-secret' });
    // The screen's own opening on that profile comes after the click: the test's result stays.
    app.state().openCatalog(other.id, true);
    expect(app.state().catalog.test.result![0]).toMatchObject({ step: 'token', cause: 'missing-secret' });
  });
});
