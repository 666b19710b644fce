import { describe, expect, it } from 'vitest';
import { findInstalledChromium, INSTALL_COMMAND, noChromiumMessage, type ChromiumProbe } from '../../helpers/chromium';
import { packagedFolder, packagedUnsupported, PACKAGED_CHROMIUM } from '../../helpers/packaged-chromium';

const CACHE = '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
const probe = (present: string[], extra: Partial<ChromiumProbe> = {}): ChromiumProbe => ({
  env: {},
  platform: 'linux',
  isBrowser: (path) => present.includes(path),
  playwrightPath: CACHE,
  ...extra,
});

describe('the end-to-end step finds its Chromium', () => {
  it('takes CHROMIUM_PATH first, and says so; a wrong one stops the search, named', () => {
    expect(findInstalledChromium(probe(['/opt/c/chrome', '/usr/bin/chromium'], { env: { CHROMIUM_PATH: '/opt/c/chrome' } }))).toEqual({
      choice: { path: '/opt/c/chrome', source: 'CHROMIUM_PATH', label: '/opt/c/chrome (from CHROMIUM_PATH)' },
      passedOver: [],
    });
    const wrong = findInstalledChromium(probe(['/usr/bin/chromium'], { env: { CHROMIUM_PATH: '/nope/chrome' } }));
    expect(wrong.choice).toBeUndefined();
    expect(wrong.fatal).toContain('CHROMIUM_PATH is /nope/chrome, which is not an executable file');
  });

  it("prefers Debian's package, then Playwright's cache, then another installed Chrome, naming what it passed over", () => {
    expect(findInstalledChromium(probe(['/usr/bin/chromium', CACHE]))).toEqual({
      choice: { path: '/usr/bin/chromium', source: 'system', label: "/usr/bin/chromium (the system's)" },
      passedOver: ['CHROMIUM_PATH: not set'],
    });
    expect(findInstalledChromium(probe([CACHE, '/usr/bin/google-chrome'])).choice).toMatchObject({ path: CACHE, source: 'playwright' });
    expect(findInstalledChromium(probe(['/usr/bin/google-chrome'])).choice).toMatchObject({
      path: '/usr/bin/google-chrome',
      source: 'system',
    });
  });

  it('looks where macOS and Windows keep their browsers', () => {
    const mac = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(findInstalledChromium(probe([mac], { platform: 'darwin', playwrightPath: undefined })).choice).toMatchObject({ path: mac });
    const win = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
    expect(findInstalledChromium(probe([win], { platform: 'win32', env: { PROGRAMFILES: 'C:\\Program Files' } })).choice).toMatchObject({
      path: win,
    });
  });

  it('with nothing installed, says why each place was passed over, and the message names the one command to run', () => {
    const none = findInstalledChromium(probe([]));
    expect(none.choice).toBeUndefined();
    expect(none.passedOver).toEqual([
      'CHROMIUM_PATH: not set',
      "the system's: none at /usr/bin/chromium, /usr/bin/chromium-browser, /snap/bin/chromium, /usr/bin/google-chrome, /usr/bin/google-chrome-stable",
      `Playwright's own: not downloaded (none at ${CACHE})`,
    ]);
    const message = noChromiumMessage('linux', [...none.passedOver, 'the Chromium packaged in npm: no registry']);
    expect(message).toContain('  - the Chromium packaged in npm: no registry\n');
    expect(message).toContain(`Run this once where the network allows it, then npm test again:\n  ${INSTALL_COMMAND}\n`);
    expect(message).toContain('sudo apt-get install chromium');
    expect(noChromiumMessage('darwin', [])).not.toContain('apt-get');
  });

  it('the Chromium packaged in npm: Linux x64 only, kept per version under node_modules/.cache', () => {
    expect(packagedUnsupported('linux', 'x64')).toBeUndefined();
    expect(packagedUnsupported('darwin', 'arm64')).toBe(
      `@sparticuz/chromium ${PACKAGED_CHROMIUM.version} ships a Linux x64 binary only; this machine is darwin-arm64`,
    );
    expect(packagedUnsupported('linux', 'arm64')).toContain('linux-arm64');
    expect(packagedFolder('/repo')).toBe(`/repo/node_modules/.cache/search-workbench/packaged-chromium/${PACKAGED_CHROMIUM.version}`);
  });
});
