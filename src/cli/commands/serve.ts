import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createCore } from '../../main/core';
import { startHost } from '../../main/host/server';
import { defaultDataDir, developmentOverrides } from '../../main/services/app/paths';
import { EXIT, intOption, parse, type CliIo, type Command } from '../command';

export const rendererDir = (): string => fileURLToPath(new URL('../renderer', import.meta.url));

export async function serveBrowserMode(
  io: CliIo,
  options: {
    port?: number;
    dataDir?: string;
    demoItems?: number;
    /** Lines typed here (Enter) each print a fresh launch URL; the terminal's stdin by default. */
    input?: NodeJS.ReadableStream;
  },
): Promise<() => Promise<void>> {
  // Browser mode runs from a checkout (never a packaged build): the environment's test hooks apply.
  const overrides = developmentOverrides(process.env, false);
  const demoItems = options.demoItems ?? overrides.demoItems;
  const core = await createCore({
    dataDir: options.dataDir ?? defaultDataDir(),
    transport: 'browser',
    localDemo: demoItems ? { items: demoItems } : true,
    ...(overrides.secretsService ? { secretsService: overrides.secretsService } : {}),
    log: (message, err) => io.stderr(`${message}: ${err instanceof Error ? err.message : String(err)}`),
  });
  const host = await startHost({ core, rendererDir: rendererDir(), ...(options.port !== undefined ? { port: options.port } : {}) });
  io.stdout(`Search Workbench (browser mode) is running. Open this URL in your browser:\n  ${host.launchUrl}`);
  io.stdout(
    'It answers only on this machine. The URL opens one tab, once, within 2 minutes (a reload of that tab keeps working).\n' +
      'Press Enter here for a fresh URL (for another tab or browser); Ctrl+C to stop.',
  );
  const input = options.input ?? process.stdin;
  const onLine = () => io.stdout(`Fresh launch URL (works once, within 2 minutes):\n  ${host.renewLaunchUrl()}`);
  const lines = createInterface({ input, terminal: false });
  lines.on('line', onLine);
  return async () => {
    lines.close();
    await host.close();
    await core.dispose();
  };
}

export function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const done = (signal: NodeJS.Signals) => resolve(signal);
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Run the workbench in browser mode on 127.0.0.1 (no Electron needed)',
  usage:
    'serve [--port N] [--data-dir DIR]\n' +
    '  --port      port on 127.0.0.1 (default 0: a free port; the launch URL is printed)\n' +
    "  --data-dir  where profiles, history and the workspace live (default: the app's folder, ~/.config/Search Workbench on Linux)\n" +
    '  example: search-workbench serve --port 8765 --data-dir /tmp/wb',
  async run(argv, io) {
    const { values } = parse(argv, { port: { type: 'string' }, 'data-dir': { type: 'string' } }, false);
    const port = intOption(values.port, 'port', 0, 65535);
    const stop = await serveBrowserMode(io, {
      ...(port !== undefined ? { port } : {}),
      ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    });
    await waitForSignal();
    await stop();
    return EXIT.ok;
  },
};
