import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as electron from '../../../mocks/electron';
import { channelNames } from '../../../../src/shared/ipc/contract';
import { IPC_EVENT_PREFIX, IPC_INVOKE_PREFIX } from '../../../../src/shared/ipc/api';

// A small Local demo and a keychain service of its own, so the glue tests start fast and touch no real entries.
process.env.SEARCH_WORKBENCH_DEMO_ITEMS = '300';
process.env.SEARCH_WORKBENCH_SECRETS_SERVICE = `search-workbench-test-${process.pid}`;

vi.mock('electron', () => import('../../../mocks/electron'));

const { FakeBrowserWindow, FakeWebContents, FakeWebFrame, ipcHandlers, protocolHandlers, privilegedSchemes, session, shell, app } =
  electron;

async function settle(): Promise<void> {
  for (let i = 0; i < 50 && FakeBrowserWindow.instances.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
}

describe('Electron glue (src/main/index.ts) against a mocked electron module', () => {
  let window: InstanceType<typeof FakeBrowserWindow>;

  beforeAll(async () => {
    await import('../../../../src/main/index');
    await settle();
    window = FakeBrowserWindow.instances[0] as InstanceType<typeof FakeBrowserWindow>;
    app.emit('web-contents-created', {}, window.webContents);
  });

  afterAll(async () => {
    await rm(app.userData, { recursive: true, force: true });
    // Leave no key behind in a real keychain the run may have used.
    const { KeychainStore } = await import('../../../../src/main/services/secrets/stores');
    await (
      await KeychainStore.open(process.env.SEARCH_WORKBENCH_SECRETS_SERVICE as string)
    ).store?.delete('profile:local-demo:private-key');
  });

  it('creates one window with every security-relevant webPreference set explicitly', () => {
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    const prefs = window.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
    expect(String(prefs.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(window.loadedUrl).toBe('app://workbench/index.html');
  });

  it('registers app:// as a standard, secure scheme and serves the renderer with the CSP', async () => {
    expect(privilegedSchemes).toContainEqual(
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
    );
    const handler = protocolHandlers.get('app');
    expect(handler).toBeDefined();
    const response = await handler!(new Request('app://workbench/index.html'));
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "worker-src 'self' blob:",
      "style-src 'self' 'unsafe-inline'",
      // Images come through main's image proxy, so the renderer needs no https: image source either.
      "img-src 'self' data:;",
      "connect-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/https:|http:/);
    const escape = await handler!(new Request('app://workbench/..%2f..%2fpackage.json'));
    expect(escape.status).toBe(404);
    const foreignHost = await handler!(new Request('app://elsewhere/index.html'));
    expect(foreignHost.status).toBe(404);
  });

  it('denies every permission request and check but clipboard writes', () => {
    const granted: boolean[] = [];
    session.defaultSession.permissionRequestHandler?.({}, 'media', (g) => granted.push(g));
    session.defaultSession.permissionRequestHandler?.({}, 'notifications', (g) => granted.push(g));
    session.defaultSession.permissionRequestHandler?.({}, 'clipboard-read', (g) => granted.push(g));
    session.defaultSession.permissionRequestHandler?.({}, 'clipboard-sanitized-write', (g) => granted.push(g));
    expect(granted).toEqual([false, false, false, true]);
    expect(session.defaultSession.permissionCheckHandler?.({}, 'clipboard-read')).toBe(false);
    expect(session.defaultSession.permissionCheckHandler?.({}, 'geolocation')).toBe(false);
  });

  it('lets through only downloads of blob: URLs the app made (its exports)', () => {
    const outcome = (url: string) => {
      let prevented = false;
      session.defaultSession.emit('will-download', { preventDefault: () => (prevented = true) }, { getURL: () => url });
      return prevented ? 'cancelled' : 'saved';
    };
    expect(outcome('blob:app://workbench/1c2d')).toBe('saved');
    expect(outcome('https://evil.example.com/payload.exe')).toBe('cancelled');
    expect(outcome('data:application/octet-stream;base64,AAAA')).toBe('cancelled');
  });

  it('cancels navigation, denies popups, and opens only allow-listed https links outside', () => {
    shell.openExternal.mockClear();
    const contents = window.webContents;
    const nav = { preventDefault: vi.fn() };
    contents.emit('will-navigate', nav, 'https://evil.example/phish');
    expect(nav.preventDefault).toHaveBeenCalled();
    expect(shell.openExternal).not.toHaveBeenCalled();

    expect(contents.windowOpenHandler?.({ url: 'http://github.com/x' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).not.toHaveBeenCalled();
    expect(contents.windowOpenHandler?.({ url: 'https://github.com/electron/electron' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledWith('https://github.com/electron/electron');

    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview, {}, {});
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('registers exactly one IPC handler per contract channel', () => {
    expect([...ipcHandlers.keys()].sort()).toEqual(channelNames.map((c) => IPC_INVOKE_PREFIX + c).sort());
  });

  it('answers IPC from the main window main frame at the app origin', async () => {
    const handler = ipcHandlers.get(`${IPC_INVOKE_PREFIX}app:ping`)!;
    const event = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
    await expect(handler(event, { text: 'hello' })).resolves.toMatchObject({ ok: true, value: { pong: 'hello' } });
  });

  it('refuses IPC from another web contents, a subframe, or a foreign origin before parsing input', async () => {
    const handler = ipcHandlers.get(`${IPC_INVOKE_PREFIX}app:ping`)!;
    const other = new FakeWebContents();
    const forbidden = { ok: false, error: expect.objectContaining({ code: 'forbidden' }) };
    await expect(handler({ sender: other, senderFrame: other.mainFrame }, { text: 'x' })).resolves.toMatchObject(forbidden);

    const main = window.webContents;
    const subframe = new FakeWebFrame('app://workbench/index.html', 999, main.mainFrame.processId);
    await expect(handler({ sender: main, senderFrame: subframe }, { text: 'x' })).resolves.toMatchObject(forbidden);

    const foreign = { ...main.mainFrame, url: 'https://evil.example/' };
    await expect(handler({ sender: main, senderFrame: foreign }, { text: 'x' })).resolves.toMatchObject(forbidden);

    // Malformed input from a foreign sender is refused as forbidden, not parsed.
    await expect(handler({ sender: other, senderFrame: other.mainFrame }, { text: 42 })).resolves.toMatchObject(forbidden);
    await expect(handler({ sender: main, senderFrame: null }, {})).resolves.toMatchObject(forbidden);
  });

  it('forwards main events to the window on the event channel', async () => {
    const handler = ipcHandlers.get(`${IPC_INVOKE_PREFIX}settings:update`)!;
    const event = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
    await expect(handler(event, { theme: 'light' })).resolves.toMatchObject({ ok: true });
    expect(window.webContents.sent).toContainEqual({
      channel: `${IPC_EVENT_PREFIX}settings:changed`,
      payload: expect.objectContaining({ theme: 'light' }),
    });
  });
});
