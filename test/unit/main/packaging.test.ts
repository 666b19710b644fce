import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, developmentOverrides } from '../../../src/main/services/app/paths';

const root = join(import.meta.dirname, '../../..');
const configPath = join(root, 'build/electron-builder.json');
// electron-builder's own loader and schema check, as `npm run package` runs them.
const require = createRequire(join(root, 'package.json'));
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<Record<string, unknown>>;
  validateConfiguration(config: Record<string, unknown>, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

describe('the packaged desktop app', () => {
  it('flips the Electron fuses that close the ways to run other code in it', async () => {
    const config = await getConfig(root, configPath, null);
    await validateConfiguration(config, new DebugLogger(false));
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
    expect(config.asar).toBe(true);
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.package).toContain('--config build/electron-builder.json');
  });

  it('ignores the environment’s test hooks (data folder, demo size, keychain service) when packaged', () => {
    const env = {
      SEARCH_WORKBENCH_DATA_DIR: '/tmp/elsewhere',
      SEARCH_WORKBENCH_DEMO_ITEMS: '300',
      SEARCH_WORKBENCH_SECRETS_SERVICE: 'other',
    };
    expect(developmentOverrides(env, false)).toEqual({ dataDir: '/tmp/elsewhere', demoItems: 300, secretsService: 'other' });
    expect(developmentOverrides(env, true)).toEqual({});
    expect(developmentOverrides({ SEARCH_WORKBENCH_DEMO_ITEMS: 'many' }, false)).toEqual({});
    expect(defaultDataDir({ ...env, XDG_CONFIG_HOME: '/home/u/.config' }, 'linux')).toBe('/tmp/elsewhere');
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/home/u/.config' }, 'linux')).toBe('/home/u/.config/Search Workbench');
  });
});
