import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean; hasInstallScript?: boolean; version?: string }>;
};
/** Where the install notes are (CONTRIBUTING.md, linked from the README's quick start). */
const installNotes = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
const oldest = semver.minVersion(pkg.engines.node)!.version;

/**
 * Electron 45 and the tools that fetch and rebuild for it ask for Node 22.12;
 * they run only to launch or package the desktop app. The install notes name each.
 */
const EXPECTED_ENGINE_WARNINGS = ['@electron-internal/extract-zip', '@electron/get', '@electron/rebuild', 'electron', 'node-abi'];

describe('a quiet install', () => {
  const refusing = Object.entries(lock.packages)
    .filter(([path, p]) => path !== '' && p.engines && !Array.isArray(p.engines) && p.engines.node)
    .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node));

  it(`runtime dependencies all accept Node ${oldest}, the oldest the project supports`, () => {
    expect(refusing.filter(([, p]) => !p.dev).map(([path]) => nameOf(path))).toEqual([]);
  });

  it('the only engine warnings are the desktop tooling the install notes name', () => {
    expect([...new Set(refusing.map(([path]) => nameOf(path)))].sort()).toEqual(EXPECTED_ENGINE_WARNINGS);
    for (const name of EXPECTED_ENGINE_WARNINGS) expect(installNotes).toContain(`\`${name}\``);
  });

  it('every dependency with an install script is allowed or denied on purpose in allowScripts', () => {
    const withScripts = new Set(
      Object.entries(lock.packages)
        .filter(([, p]) => p.hasInstallScript)
        .map(([path]) => nameOf(path)),
    );
    expect([...withScripts].filter((name) => !(name in pkg.allowScripts))).toEqual([]);
    // Entries for packages that are gone would hide a new one with the same name later.
    expect(Object.keys(pkg.allowScripts).filter((name) => !withScripts.has(name))).toEqual([]);
    expect(pkg.allowScripts.keytar).toBe(true);
  });
});
