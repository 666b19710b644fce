import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const out = join(root, 'out');
const run = promisify(execFile);

interface SarifResult {
  ruleId: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine?: number } } }[];
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && /\.(js|cjs|html)$/.test(e.name)).map((e) => join(e.parentPath, e.name));
}

describe('electronegativity scan of the built app', () => {
  it('finds nothing beyond exemptions that carry a written reason', { timeout: 180_000 }, async () => {
    expect(existsSync(join(out, 'main/index.js')), 'run `npm run build` first: the scan reads out/').toBe(true);
    const electronVersion = JSON.parse(await readFile(join(root, 'node_modules/electron/package.json'), 'utf8')).version as string;
    const work = await mkdtemp(join(tmpdir(), 'wb-eng-'));
    const report = join(work, 'report.sarif');
    // What Electron loads: main, preload and the renderer. out/cli is the command line and browser mode's host, run by
    // Node and never by Electron (a third of the scan's time, with nothing it could find).
    const app = join(work, 'app');
    for (const part of ['main', 'preload', 'renderer']) await cp(join(out, part), join(app, part), { recursive: true });
    // AvailableSecurityFixesGlobalCheck needs the network to fetch release data; it is the one check left out.
    await run(
      process.execPath,
      [
        join(root, 'node_modules/@doyensec/electronegativity/dist/index.js'),
        '-i',
        app,
        '-o',
        report,
        '-e',
        electronVersion,
        '-x',
        'AvailableSecurityFixesGlobalCheck',
      ],
      { cwd: root, env: { ...process.env, LANG: 'en-US' } },
    );
    const sarif = JSON.parse(await readFile(report, 'utf8')) as { runs: { results: SarifResult[] }[] };
    const findings = sarif.runs
      .flatMap((r) => r.results)
      .map((r) => {
        const loc = r.locations[0]?.physicalLocation;
        return `${r.ruleId} at ${loc?.artifactLocation.uri}:${loc?.region?.startLine ?? '?'} — ${r.message.text}`;
      });
    await rm(work, { recursive: true, force: true });
    expect(findings).toEqual([]);
  });

  it('every eng-disable in the built files states its reason', async () => {
    const disables: string[] = [];
    for (const file of await filesUnder(out)) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(/eng-disable[ \t]+([A-Z_ \t]+?)[ \t]*(?:\*\/|-->)/g)) {
        for (const check of (match[1] ?? '').trim().split(/\s+/)) {
          disables.push(check);
          // The reason is written next to it as `CHECK_NAME: why this is safe here`.
          expect(new RegExp(`${check}: [^\\n]{20,}`).test(text), `${check} in ${file} has no written reason`).toBe(true);
        }
      }
    }
    expect(disables.length).toBeGreaterThan(0);
  });
});
