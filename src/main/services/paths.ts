import { homedir } from 'node:os';
import { join } from 'node:path';

export const DATA_DIR_NAME = 'Search Workbench';

/**
 * The folder Electron uses as `userData` for this app, computed without
 * Electron so browser mode and the CLI read and write the same files.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.SEARCH_WORKBENCH_DATA_DIR) return env.SEARCH_WORKBENCH_DATA_DIR;
  const home = homedir();
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), DATA_DIR_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', DATA_DIR_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), DATA_DIR_NAME);
}
