/**
 * Which Chromium the end-to-end tests drive, found, not assumed: an explicit CHROMIUM_PATH, the system's
 * (Debian's package first), Playwright's own download, and last the Chromium packaged inside an npm package
 * (packaged-chromium.ts). Each place passed over is named with the reason, so the output says why the choice
 * fell where it did; when there is none at all, the one command that gets one.
 */

export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'playwright' | 'packaged';
export interface ChromiumChoice {
  path: string;
  source: ChromiumSource;
  /** Where it came from, in words: "/usr/bin/chromium (the system's)". */
  label: string;
}
/** The choice (or none), every place passed over before it with the reason, and what to do when there is none. */
export interface ChromiumSearch {
  choice?: ChromiumChoice;
  passedOver: string[];
  /** Set when the search must stop here (a CHROMIUM_PATH that does not exist): nothing after it is tried. */
  fatal?: string;
}

export interface ChromiumProbe {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** True for an executable file (a directory, a device or a missing path is not a browser). */
  isBrowser: (path: string) => boolean;
  /** Where Playwright's own Chromium is (or would be) installed. */
  playwrightPath: string | undefined;
}

/** The one command that installs Playwright's own Chromium. */
export const INSTALL_COMMAND = 'npx playwright install chromium';

export function systemCandidates(platform: NodeJS.Platform, env: Record<string, string | undefined>): string[] {
  if (platform === 'darwin')
    return [
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      `${env.HOME ?? ''}/Applications/Google Chrome.app/Contents/MacOS/Google Chrome`,
    ];
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((r): r is string => !!r);
    return roots.flatMap((root) => [`${root}\\Chromium\\Application\\chrome.exe`, `${root}\\Google\\Chrome\\Application\\chrome.exe`]);
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
}

/**
 * The places that need nothing installed: CHROMIUM_PATH, the system's first choice (Debian's package),
 * Playwright's cache, then any other installed Chrome. Playwright's download and the packaged Chromium come
 * after, in run-e2e.ts, because they fetch something.
 */
export function findInstalledChromium(probe: ChromiumProbe): ChromiumSearch {
  const explicit = probe.env.CHROMIUM_PATH;
  if (explicit) {
    return probe.isBrowser(explicit)
      ? { choice: { path: explicit, source: 'CHROMIUM_PATH', label: `${explicit} (from CHROMIUM_PATH)` }, passedOver: [] }
      : {
          passedOver: [],
          fatal: `CHROMIUM_PATH is ${explicit}, which is not an executable file. Point it at a Chromium or Chrome binary, or unset it.`,
        };
  }
  const passedOver = ['CHROMIUM_PATH: not set'];
  const [first, ...others] = systemCandidates(probe.platform, probe.env);
  const system = (path: string): ChromiumSearch => ({ choice: { path, source: 'system', label: `${path} (the system's)` }, passedOver });
  if (first && probe.isBrowser(first)) return system(first);
  const playwright = probe.playwrightPath;
  if (playwright && probe.isBrowser(playwright))
    return { choice: { path: playwright, source: 'playwright', label: `${playwright} (Playwright's own)` }, passedOver };
  const other = others.find((path) => probe.isBrowser(path));
  if (other) return system(other);
  passedOver.push(`the system's: none at ${systemCandidates(probe.platform, probe.env).join(', ')}`);
  passedOver.push(`Playwright's own: not downloaded${playwright ? ` (none at ${playwright})` : ''}`);
  return { passedOver };
}

/** What to say when no place had a browser and none could be fetched: the one command to run. */
export function noChromiumMessage(platform: NodeJS.Platform, passedOver: readonly string[]): string {
  return (
    `No Chromium for the end-to-end tests. Passed over:\n${passedOver.map((p) => `  - ${p}\n`).join('')}` +
    `Run this once where the network allows it, then npm test again:\n  ${INSTALL_COMMAND}\n` +
    `(or set CHROMIUM_PATH to a Chromium or Chrome binary${platform === 'linux' ? '; on Debian or Ubuntu: sudo apt-get install chromium' : ''}).`
  );
}
