/**
 * The last place the end-to-end step looks for a browser: a Chromium that ships inside an npm package
 * (@sparticuz/chromium, a brotli-packed headless Chromium), so a machine that reaches only the npm registry
 * still runs the browser suite.
 *
 * It is installed on demand, not listed in package.json, for three reasons: only a machine with no other
 * Chromium pays its 67 MB download; its `engines` asks for Node 22.17, which would add a sixth EBADENGINE
 * warning to every `npm install` on Node 20 (it runs fine on Node 20: it only unpacks files); and it is
 * useless on macOS and Windows, where a dev dependency would still download it. The version is pinned here
 * and npm checks the tarball against the registry's integrity hash.
 *
 * Installed and unpacked into a temporary folder next to its final place, then renamed into place, so two
 * `npm test` runs at once never see half a browser: the second rename loses and uses the first one's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

export const PACKAGED_CHROMIUM = { name: '@sparticuz/chromium', version: '153.0.0', sizeMb: 67 } as const;

/** Why the packaged Chromium cannot run here, or undefined when it can (its binary is Linux x64 only). */
export function packagedUnsupported(platform: NodeJS.Platform, arch: string): string | undefined {
  if (platform === 'linux' && arch === 'x64') return undefined;
  return `${PACKAGED_CHROMIUM.name} ${PACKAGED_CHROMIUM.version} ships a Linux x64 binary only; this machine is ${platform}-${arch}`;
}

export function packagedFolder(root: string): string {
  return join(root, 'node_modules', '.cache', 'search-workbench', 'packaged-chromium', PACKAGED_CHROMIUM.version);
}

export type PackagedResult = { path: string; label: string } | { error: string };

/** The packaged Chromium's binary, installing and unpacking it the first time. */
export async function packagedChromium(root: string, say: (line: string) => void): Promise<PackagedResult> {
  const final = packagedFolder(root);
  const binary = (folder: string) => join(folder, 'browser', 'chromium');
  const where = relative(root, final);
  const label = (how: string) =>
    `${relative(root, binary(final))} (${PACKAGED_CHROMIUM.name} ${PACKAGED_CHROMIUM.version} from the npm registry, ${how})`;
  if (existsSync(binary(final))) return { path: binary(final), label: label('unpacked by an earlier run') };

  await mkdir(join(final, '..'), { recursive: true });
  const work = await mkdtemp(`${final}.part-`);
  try {
    say(
      `Installing ${PACKAGED_CHROMIUM.name}@${PACKAGED_CHROMIUM.version} (${PACKAGED_CHROMIUM.sizeMb} MB from the npm registry) into ${where} …`,
    );
    const spec = `${PACKAGED_CHROMIUM.name}@${PACKAGED_CHROMIUM.version}`;
    const npm = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        work,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        '--engine-strict=false',
        spec,
      ],
      { encoding: 'utf8', shell: process.platform === 'win32' },
    );
    if (npm.status !== 0) return { error: `npm install ${spec} failed: ${lastLine(npm.stderr || npm.stdout || String(npm.error))}` };
    const unpacked = await unpack(join(work, 'node_modules', ...PACKAGED_CHROMIUM.name.split('/')), join(work, 'browser'));
    if (unpacked !== binary(work)) return { error: `${PACKAGED_CHROMIUM.name} unpacked its browser to ${unpacked}, not ${binary(work)}` };
    // The packed archives are no longer needed once unpacked: keep only the browser.
    await rm(join(work, 'node_modules'), { recursive: true, force: true });
    try {
      await rename(work, final);
    } catch (err) {
      // Another run put it in place first: use that one.
      if (!existsSync(binary(final))) throw err;
    }
    return { path: binary(final), label: label('installed and unpacked just now') };
  } catch (err) {
    return { error: `${PACKAGED_CHROMIUM.name} could not be unpacked: ${(err as Error).message}` };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The package unpacks into the OS temporary folder (its `executablePath()` reads `os.tmpdir()`, that is
 * TMPDIR, at each call); pointing TMPDIR at our folder for the call keeps the browser ours and versioned.
 */
async function unpack(packageDir: string, into: string): Promise<string> {
  await mkdir(into, { recursive: true });
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = into;
  try {
    const mod = (await import(pathToFileURL(join(packageDir, 'build', 'index.js')).href)) as {
      default: { executablePath: () => Promise<string> };
    };
    return await mod.default.executablePath();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

function lastLine(text: string): string {
  return (
    text
      .trim()
      .split('\n')
      .filter((l) => l.trim())
      .pop() ?? 'no output'
  );
}
