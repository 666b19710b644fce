import { fileURLToPath } from 'node:url';
import { createCore } from '../../main/core';
import { startHost } from '../../main/host/server';
import { defaultDataDir } from '../../main/services/paths';
import { EXIT, intOption, parse, type CliIo, type Command } from '../command';

export const rendererDir = (): string => fileURLToPath(new URL('../renderer', import.meta.url));

export async function serveBrowserMode(
  io: CliIo,
  options: { port?: number; dataDir?: string; demoItems?: number },
): Promise<() => Promise<void>> {
  const demoItems = options.demoItems ?? (Number(process.env.SEARCH_WORKBENCH_DEMO_ITEMS) || undefined);
  const core = await createCore({
    dataDir: options.dataDir ?? defaultDataDir(),
    transport: 'browser',
    localDemo: demoItems ? { items: demoItems } : true,
    ...(process.env.SEARCH_WORKBENCH_SECRETS_SERVICE ? { secretsService: process.env.SEARCH_WORKBENCH_SECRETS_SERVICE } : {}),
    log: (message, err) => io.stderr(`${message}: ${err instanceof Error ? err.message : String(err)}`),
  });
  const host = await startHost({ core, rendererDir: rendererDir(), ...(options.port !== undefined ? { port: options.port } : {}) });
  io.stdout(`Search Workbench (browser mode) is running. Open this URL in your browser:\n  ${host.launchUrl}`);
  io.stdout('It answers only on this machine and only with the secret in that URL. Press Ctrl+C to stop.');
  return async () => {
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
  usage: 'serve [--port N] [--data-dir DIR]',
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
