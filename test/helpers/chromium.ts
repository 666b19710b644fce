/**
 * Which Chromium the end-to-end tests drive: an explicit CHROMIUM_PATH, the
 * system's (Debian's package first), or Playwright's own download — found,
 * not assumed — and when there is none, the one command that gets one.
 */

export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'playwright';
export type ChromiumChoice = { ok: true; path: string; source: ChromiumSource; label: string } | { ok: false; message: string };

export interface ChromiumProbe {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  exists: (path: string) => boolean;
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

export function findChromium(probe: ChromiumProbe): ChromiumChoice {
  const explicit = probe.env.CHROMIUM_PATH;
  if (explicit) {
    return probe.exists(explicit)
      ? { ok: true, path: explicit, source: 'CHROMIUM_PATH', label: `${explicit} (from CHROMIUM_PATH)` }
      : { ok: false, message: `CHROMIUM_PATH is ${explicit}, which does not exist. Point it at a Chromium or Chrome binary, or unset it.` };
  }
  const [first, ...others] = systemCandidates(probe.platform, probe.env);
  // Debian's package (or the platform's first choice) before Playwright's download, then any other installed Chrome.
  if (first && probe.exists(first)) return { ok: true, path: first, source: 'system', label: `${first} (the system's)` };
  if (probe.playwrightPath && probe.exists(probe.playwrightPath))
    return { ok: true, path: probe.playwrightPath, source: 'playwright', label: `${probe.playwrightPath} (Playwright's own)` };
  const other = others.find((path) => probe.exists(path));
  if (other) return { ok: true, path: other, source: 'system', label: `${other} (the system's)` };
  return {
    ok: false,
    message:
      `No Chromium for the end-to-end tests: none at CHROMIUM_PATH, in the usual system places, or in Playwright's cache.\n` +
      `Run this once, then npm test again:\n  ${INSTALL_COMMAND}\n` +
      `(or set CHROMIUM_PATH to a Chromium or Chrome binary${probe.platform === 'linux' ? '; on Debian or Ubuntu: sudo apt-get install chromium' : ''}).`,
  };
}
