/*
 * The Local demo on the command line: `emulator` starts the embedded emulator of the service on its own, the one
 * the app runs as Local demo.
 */
import { demoConfig, loadEmulatorConfig, startEmulator } from '../../main/emulator';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EXIT, intOption, parse, UsageError, type Command } from '../command';
import { printJson } from '../input';
import { waitForSignal } from './app';

export const emulatorCommand: Command = {
  name: 'emulator',
  summary: 'Run the embedded search service on loopback (the Local demo), or print its configuration',
  usage:
    'emulator [--port N] [--items N] [--seed N] [--rate-limit N] [--data DIR] [--config file] [--print-config]\n' +
    '  --port          port on 127.0.0.1 to listen on (default 0: a free port, printed at start)\n' +
    '  --items         catalog size, 1 to 2,000,000 (default 20,000)\n' +
    '  --seed          catalog seed: the same seed gives the same catalog (default 42)\n' +
    '  --rate-limit    search requests a second before 429 with Retry-After (default: no limit; change it later at /__emulator/rate-limit)\n' +
    '  --data          a folder where the tracker appends the activities it receives, activities.jsonl (default: kept in memory only)\n' +
    '  --config        a configuration file, as --print-config writes it (default: the built-in demo tenants)\n' +
    '  --print-config  print the configuration as JSON and exit (default: off)\n' +
    '  example: search-workbench emulator --items 200000 --rate-limit 200',
  async run(argv, io) {
    const { values } = parse(
      argv,
      {
        port: { type: 'string' },
        items: { type: 'string' },
        seed: { type: 'string' },
        'rate-limit': { type: 'string' },
        data: { type: 'string' },
        config: { type: 'string' },
        'print-config': { type: 'boolean' },
      },
      false,
    );
    const config = values.config ? await loadEmulatorConfig(values.config) : demoConfig();
    if (values['print-config']) {
      printJson(io, config);
      return EXIT.ok;
    }
    const port = intOption(values.port, 'port', 0, 65535);
    const items = intOption(values.items, 'items', 1, 2_000_000);
    const seed = intOption(values.seed, 'seed', -2_147_483_648, 2_147_483_647);
    const rateLimit = intOption(values['rate-limit'], 'rate-limit', 1, 1_000_000);
    const dataDir = values.data === undefined ? undefined : await folderOption(values.data, 'data');
    const started = performance.now();
    const running = await startEmulator({
      config,
      ...(port !== undefined ? { port } : {}),
      ...(items !== undefined ? { items } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(rateLimit !== undefined ? { rateLimit } : {}),
      ...(dataDir !== undefined ? { dataDir } : {}),
    });
    const stopped = waitForSignal(); // listening before announcing, so an early Ctrl+C is still clean
    const info = running.info();
    io.stdout(`listening on ${running.url}`);
    io.stdout(
      `started in ${Math.round(performance.now() - started)} ms with ${info.catalog.items.toLocaleString('en-US')} items (seed ${info.catalog.seed})`,
    );
    for (const t of info.tenants) {
      io.stdout(`\ntenant ${t.id} (${t.environment})${t.autocompleteActivated ? '' : ' — autocomplete not activated'}`);
      io.stdout(`  search tokens:   ${t.searchTokens.join(', ')}`);
      io.stdout(`  configurations:  ${t.configurations.map((c) => c.id).join(', ')} (default ${t.defaultConfigurationId})`);
      io.stdout(`  token endpoint:  ${t.tokenEndpoint}`);
      io.stdout(`  tracker:         POST ${info.collectUrl}/${t.trackerKey}`);
      for (const a of t.serviceAccounts)
        io.stdout(`  service account: ${a.clientId}${a.clientSecret ? ` / secret ${JSON.stringify(a.clientSecret)}` : ''}`);
    }
    io.stdout(`\nitems API: ${running.itemsUrl}/catalogs/active?tenant=demo&environment=production`);
    if (dataDir !== undefined) io.stdout(`activities: appended to ${dataDir}/activities.jsonl`);
    if (rateLimit !== undefined)
      io.stdout(`rate limit: ${rateLimit} requests a second on the search endpoints, then 429 (change it: POST /__emulator/rate-limit)`);
    io.stdout(`operator:  ${running.url}/__emulator/info · /stats · /faults · /rate-limit · /service-accounts`);
    io.stdout('Press Ctrl+C to stop.');
    const signal = await stopped;
    await running.stop();
    io.stderr(`stopped (${signal})`);
    return EXIT.ok;
  },
};

/** A folder that exists, as an absolute path; anything else is a usage error naming the flag. */
async function folderOption(value: string, name: string): Promise<string> {
  const folder = resolve(value);
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory())
    throw new UsageError(`--${name}: ${value} is not a folder; create it first, or leave --${name} out to keep activities in memory.`);
  return folder;
}
