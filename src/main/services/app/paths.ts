import { homedir } from 'node:os';
import { join } from 'node:path';

export const DATA_DIR_NAME = 'Search Workbench';

/**
 * The folder Electron uses as `userData` for this app, computed without
 * Electron so browser mode and the CLI read and write the same files.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const override = developmentOverrides(env, false).dataDir;
  if (override) return override;
  const home = homedir();
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), DATA_DIR_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', DATA_DIR_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), DATA_DIR_NAME);
}

/** What tests and development runs may set from the environment. */
export interface DevelopmentOverrides {
  /** Another data folder (`SEARCH_WORKBENCH_DATA_DIR`). */
  dataDir?: string;
  /** Catalog size of the Local demo (`SEARCH_WORKBENCH_DEMO_ITEMS`). */
  demoItems?: number;
  /** Keychain service name (`SEARCH_WORKBENCH_SECRETS_SERVICE`). */
  secretsService?: string;
}

/**
 * The environment's test hooks. A packaged desktop build ignores every one:
 * whoever can set a variable for the app must not be able to point it at
 * another data folder or keychain entry.
 */
export function developmentOverrides(env: NodeJS.ProcessEnv, packaged: boolean): DevelopmentOverrides {
  if (packaged) return {};
  const demoItems = Number(env.SEARCH_WORKBENCH_DEMO_ITEMS);
  return {
    ...(env.SEARCH_WORKBENCH_DATA_DIR ? { dataDir: env.SEARCH_WORKBENCH_DATA_DIR } : {}),
    ...(Number.isInteger(demoItems) && demoItems > 0 ? { demoItems } : {}),
    ...(env.SEARCH_WORKBENCH_SECRETS_SERVICE ? { secretsService: env.SEARCH_WORKBENCH_SECRETS_SERVICE } : {}),
  };
}
