import { describe, expect, it } from 'vitest';
import { findChromium, INSTALL_COMMAND, type ChromiumProbe } from '../../helpers/chromium';

const probe = (present: string[], extra: Partial<ChromiumProbe> = {}): ChromiumProbe => ({
  env: {},
  platform: 'linux',
  exists: (path) => present.includes(path),
  playwrightPath: '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome',
  ...extra,
});

describe('the end-to-end step finds its Chromium', () => {
  it('takes CHROMIUM_PATH first, and says so; a wrong one is named, not skipped', () => {
    expect(findChromium(probe(['/opt/c/chrome', '/usr/bin/chromium'], { env: { CHROMIUM_PATH: '/opt/c/chrome' } }))).toEqual({
      ok: true,
      path: '/opt/c/chrome',
      source: 'CHROMIUM_PATH',
      label: '/opt/c/chrome (from CHROMIUM_PATH)',
    });
    const wrong = findChromium(probe(['/usr/bin/chromium'], { env: { CHROMIUM_PATH: '/nope/chrome' } }));
    expect(wrong).toEqual({ ok: false, message: expect.stringContaining('CHROMIUM_PATH is /nope/chrome, which does not exist') });
  });
  it("prefers Debian's package, then Playwright's cache, then another installed Chrome", () => {
    const cache = '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
    expect(findChromium(probe(['/usr/bin/chromium', cache]))).toMatchObject({ path: '/usr/bin/chromium', source: 'system' });
    expect(findChromium(probe([cache, '/usr/bin/google-chrome']))).toMatchObject({ path: cache, source: 'playwright' });
    expect(findChromium(probe(['/usr/bin/google-chrome']))).toMatchObject({ path: '/usr/bin/google-chrome', source: 'system' });
  });
  it('looks where macOS and Windows keep their browsers', () => {
    const mac = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(findChromium(probe([mac], { platform: 'darwin', playwrightPath: undefined }))).toMatchObject({ path: mac });
    const win = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
    expect(findChromium(probe([win], { platform: 'win32', env: { PROGRAMFILES: 'C:\\Program Files' } }))).toMatchObject({ path: win });
  });
  it('with none, stops with the one command to run', () => {
    const none = findChromium(probe([]));
    expect(none.ok).toBe(false);
    if (!none.ok) {
      expect(none.message).toContain(`Run this once, then npm test again:\n  ${INSTALL_COMMAND}\n`);
      expect(none.message).toContain('sudo apt-get install chromium');
    }
    const mac = findChromium(probe([], { platform: 'darwin' }));
    expect(mac.ok === false && mac.message).not.toContain('apt-get');
  });
});
