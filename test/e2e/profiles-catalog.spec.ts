import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SESSION_HEADER, SESSION_STORAGE_KEY } from '../../src/shared/ipc/browser-session';
import { copyFrom, expect, localDemoUrl, openArea, ROOT, shootThemes, test, type Workbench, SMOKE } from './fixtures';

async function operator(base: string, body: unknown): Promise<void> {
  const response = await fetch(`${base}/__emulator/service-accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`registering the service account failed: ${response.status} ${await response.text()}`);
}

/** Everything main sent the renderer: every invoke answer (captured off the wire) and every event (a listener of our own). */
async function recordChannelOutput(app: Workbench): Promise<() => Promise<string>> {
  const { page } = app;
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/__workbench/invoke/')) bodies.push(response.text().catch(() => ''));
  });
  // Every event main sends, read as the bridge reads them: a fetch stream carrying the tab's session header.
  await page.evaluate(
    async ({ storageKey, header }) => {
      const w = window as unknown as { __events: string[] };
      w.__events = [];
      const response = await fetch('./__workbench/events', { headers: { [header]: sessionStorage.getItem(storageKey) ?? '' } });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          w.__events.push(value);
        }
      })();
    },
    { storageKey: SESSION_STORAGE_KEY, header: SESSION_HEADER },
  );
  return async () => {
    const events = await page.evaluate(() => (window as unknown as { __events: string[] }).__events);
    return [...(await Promise.all(bodies)), ...events].join('\n');
  };
}

/** The renderer's whole JavaScript heap (the store included), after a full garbage collection. */
async function heapText(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => chunks.push(e.chunk));
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  return chunks.join('');
}

async function domText(page: Page): Promise<string> {
  const html = await page.content();
  const values = await page.evaluate(() =>
    Array.from(document.querySelectorAll('input, textarea'), (el) => (el as HTMLInputElement).value).join('\n'),
  );
  return `${html}\n${values}`;
}

async function newProfile(
  page: Page,
  fields: { name: string; base: string; clientId: string; token: string; method: 'Client secret' | 'Signed JWT' },
) {
  await page.getByRole('button', { name: 'New profile' }).click();
  await page.getByLabel('Name', { exact: true }).fill(fields.name);
  await page.getByRole('radio', { name: '#d64545' }).click();
  await page.getByLabel('Search base URL').fill(fields.base);
  await page.getByRole('button', { name: 'Add token' }).click();
  await page.getByLabel('Search token 1').fill(fields.token);
  await page.getByLabel('Configuration ids').fill('bestsellers, new-arrivals');
  await page.getByLabel('Configuration ids').press('Enter');
  await page.getByLabel('Identity server URL').fill(fields.base);
  await page.getByLabel('Item-catalog URL').fill(fields.base);
  await page.getByLabel('Tenant').fill('demo');
  await page.getByLabel('Environment').fill('production');
  await page.getByLabel('Client id').fill(fields.clientId);
  await page.getByRole('radio', { name: fields.method }).click();
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();
}

async function testConnection(page: Page, profile?: string) {
  await openArea(page, 'Catalog');
  // Just made active: the screen follows once main has switched (a test clicked before tests the one it showed).
  if (profile) await expect(page.locator('.catalog-toolbar').getByLabel('Profile').locator('option:checked')).toHaveText(profile);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-steps')).toBeVisible();
}

test(
  'profiles: a client secret and a key pair both reach the catalog; wrong credentials get precise causes; secrets never come back',
  { tag: SMOKE },
  async ({ app }) => {
    const { page } = app;
    const base = await localDemoUrl(page);
    const secret = `qa-${randomBytes(12).toString('base64url')}-%+/=`;
    await operator(base, { tenant: 'demo', clientId: 'qa-client', clientSecret: secret });
    const channelOutput = await recordChannelOutput(app);

    // A new profile with a client secret.
    await openArea(page, 'Profiles');
    await shootThemes(app, 'profiles-1-local-demo');
    expect(await app.axe()).toEqual([]);
    await newProfile(page, { name: 'QA staging', base, clientId: 'qa-client', token: 'demo-search-token-0001', method: 'Client secret' });
    await expect(page.getByTestId('client-secret-state')).toHaveText('not set');
    await page.getByLabel('Client secret').fill(secret);
    await page.getByRole('button', { name: 'Set secret' }).click();
    await expect(page.getByTestId('client-secret-state')).toHaveText('set');
    await expect(page.getByLabel('Client secret')).toHaveValue('');
    await shootThemes(app, 'profiles-2-client-secret');
    expect(await app.axe()).toEqual([]);

    // Switch to it from the status bar; the catalog screen reads the schema with it.
    await page.getByLabel('Active profile').selectOption({ label: 'QA staging' });
    await expect(page.getByRole('navigation', { name: 'Profiles' }).getByRole('button', { name: /QA staging/ })).toContainText('active');
    await openArea(page, 'Catalog');
    await expect(page.getByTestId('catalog-id')).not.toBeEmpty();
    const table = page.getByTestId('schema-table');
    await expect(table.getByRole('row', { name: /^brand string yes/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /^tags list yes no yes$/ })).toBeVisible();
    await expect(page.getByTestId('token-status')).toContainText('Client secret');
    await expect(page.getByTestId('token-expires')).toHaveText(/^\d+m \d\ds$/);
    await page.getByLabel('Filter attributes').fill('price');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await page.getByLabel('Filter attributes').fill('');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('step-token')).toContainText('Token granted to qa-client');
    await expect(page.getByTestId('step-catalog')).toContainText('Active catalog');
    await shootThemes(app, 'catalog-1-schema');
    expect(await app.axe()).toEqual([]);

    // The secret is in no DOM, no channel output, no renderer memory (the store included).
    expect(await domText(page)).not.toContain(secret);
    expect(await channelOutput()).not.toContain(secret);
    expect(await heapText(page)).not.toContain(secret);

    // Export carries no secret; importing it makes a second profile without one.
    await openArea(page, 'Profiles');
    const exported = await copyFrom(page, 'Copy as JSON');
    expect(exported).not.toContain(secret);
    expect(JSON.parse(exported)).toMatchObject({
      format: 'search-workbench-profile',
      profile: { name: 'QA staging', clientId: 'qa-client' },
    });
    await page
      .getByTestId('import-profile-file')
      .setInputFiles({ name: 'qa.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await expect(page.getByRole('heading', { name: 'QA staging (2)' })).toBeVisible();
    await expect(page.getByTestId('client-secret-state')).toHaveText('not set');
    await page
      .getByTestId('import-profile-file')
      .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"x"}') });
    await expect(page.getByRole('alert').filter({ hasText: 'bad.json' })).toContainText('not a Search Workbench profile export');

    // A wrong secret: the connection test names the cause.
    await page
      .getByRole('navigation', { name: 'Profiles' })
      .getByRole('button', { name: /^QA staging demo/ })
      .click();
    await page.getByLabel('Client secret').fill('not-the-secret');
    await page.getByRole('button', { name: 'Replace' }).click();
    await expect(page.getByTestId('credentials-status')).toHaveText('Client secret stored.');
    await testConnection(page);
    await expect(page.getByTestId('step-token')).toContainText('The client secret for "qa-client" is wrong');
    await expect(page.getByTestId('step-cause')).toHaveText('Bad client secret');
    await expect(page.getByTestId('step-catalog')).toHaveCount(0);
    await shootThemes(app, 'catalog-2-bad-secret');

    // A key pair: unknown to the identity server first, then registered by the operator, then replaced.
    await openArea(page, 'Profiles');
    await newProfile(page, { name: 'QA robot', base, clientId: 'qa-robot', token: 'demo-search-token-0001', method: 'Signed JWT' });
    await page.getByRole('button', { name: 'Generate key pair' }).click();
    await expect(page.getByTestId('public-key')).toContainText('-----BEGIN PUBLIC KEY-----');
    await expect(page.getByTestId('private-key-state')).toHaveText('private key stored');
    const pem = await copyFrom(page, 'Copy PEM');
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----\s*$/);
    const jwk = JSON.parse(await copyFrom(page, 'Copy JWK')) as Record<string, string>;
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwk.kid).toBeTruthy();
    await shootThemes(app, 'profiles-3-key-pair');
    expect(await app.axe()).toEqual([]);

    await page.getByLabel('Active profile').selectOption({ label: 'QA robot' });
    await testConnection(page, 'QA robot');
    await expect(page.getByTestId('step-cause')).toHaveText('Wrong client id');

    await operator(base, { tenant: 'demo', clientId: 'qa-robot', publicKeyPem: pem });
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('step-token')).toContainText('Token granted to qa-robot');
    await expect(page.getByTestId('step-catalog')).toContainText('Active catalog');
    await expect(page.getByTestId('schema-table').getByRole('row', { name: /^brand / })).toBeVisible();
    await expect(page.getByTestId('token-status')).toContainText('Signed JWT');

    await openArea(page, 'Profiles');
    await page.getByRole('button', { name: 'Generate a new key pair' }).click();
    await page.getByRole('button', { name: 'Replace key pair' }).click();
    await expect(page.getByTestId('credentials-status')).toContainText('Send the public key to the operator');
    await testConnection(page);
    await expect(page.getByTestId('step-cause')).toHaveText('Key not registered');

    // Duplicate and delete.
    await openArea(page, 'Profiles');
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expect(page.getByRole('heading', { name: 'QA robot (copy)' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: /^Delete “QA robot \(copy\)”/ }).click();
    await expect(page.getByRole('navigation', { name: 'Profiles' }).getByRole('button', { name: /QA robot \(copy\)/ })).toHaveCount(0);

    // Local demo: its managed fields are read-only.
    await page
      .getByRole('navigation', { name: 'Profiles' })
      .getByRole('button', { name: /^Local demo/ })
      .click();
    await expect(page.getByLabel('Search base URL')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

    expect(await channelOutput()).not.toContain(secret);
    expect(await app.problems()).toEqual([]);
  },
);

test('settings: theme, timeout, history size and extra CA files, each checked; proxy as found', async ({ app }) => {
  const { page } = app;
  await openArea(page, 'Settings');
  await expect(page.getByTestId('proxy')).toContainText('HTTPS_PROXY');

  await page.getByLabel('Request timeout').fill('5');
  await page.getByLabel('Request timeout').press('Enter');
  await expect.poll(async () => page.evaluate(async () => (await window.workbench.settings.get()).ok)).toBe(true);
  await expect
    .poll(async () =>
      page.evaluate(async () => {
        const s = await window.workbench.settings.get();
        return s.ok ? s.value.requestTimeoutMs : 0;
      }),
    )
    .toBe(5000);

  await page.getByLabel('History size').fill('9');
  await page.getByLabel('History size').press('Enter');
  await expect(page.getByText('Not saved: at least 10.')).toBeVisible();
  await expect(page.getByLabel('History size')).toHaveValue('9');

  const missing = '/nonexistent/corp-root.pem';
  await page.getByLabel('Extra CA certificates').fill(missing);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`${missing} is not a readable PEM file of certificates`)).toBeVisible();

  // A CA certificate kept as a fixture (its key was discarded): the setting reads and checks the file, nothing more.
  const ca = { dir: mkdtempSync(join(tmpdir(), 'wb-ca-')), caFile: join(ROOT, 'test', 'fixtures', 'test-ca.pem') };
  const notCa = join(ca.dir, 'not-a-ca.pem');
  writeFileSync(notCa, 'hello');
  await page.getByLabel('Extra CA certificates').fill(notCa);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`${notCa} is not a readable PEM file of certificates`)).toBeVisible();
  await page.getByLabel('Extra CA certificates').fill(ca.caFile);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Trusted extra CA files' })).toContainText(ca.caFile);

  await page.getByRole('radio', { name: 'Light', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await shootThemes(app, 'settings-1');
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

test.describe('on a machine without a keychain', () => {
  test.use({ hostEnv: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/search-workbench-bus' } });

  test('the Profiles screen says secrets will not survive a restart, and secrets still work for the session', async ({ app }) => {
    const { page } = app;
    await openArea(page, 'Profiles');
    const banner = page.getByTestId('memory-only-banner');
    await expect(banner).toContainText('Secrets will not survive a restart.');
    // Said once, in plain words with what to do; the technical reason is folded away.
    await expect(banner).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Notices' }).getByText(/keychain/i)).toHaveCount(0);
    await expect(banner.locator('p').first()).toContainText(/GNOME Keyring|KWallet/);
    await expect(banner.locator('p').first()).not.toContainText(/D-Bus|DBUS|autolaunch/i);
    await page
      .getByRole('navigation', { name: 'Profiles' })
      .getByRole('button', { name: /^Local demo/ })
      .click();
    await openArea(page, 'Catalog');
    await expect(page.getByTestId('catalog-id')).not.toBeEmpty();
    await openArea(page, 'Profiles');
    await shootThemes(app, 'profiles-4-memory-only');
    expect(await app.axe()).toEqual([]);
    // Dismissed, it stays away (the situation has not changed), also after a reload.
    await page.getByRole('button', { name: 'Dismiss the keychain notice' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await page.locator('html[data-app-state="ready"]').waitFor();
    await openArea(page, 'Profiles');
    await expect(page.getByRole('navigation', { name: 'Profiles' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});
