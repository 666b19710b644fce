import { chmod, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { WorkbenchFailure } from '../../shared/ipc/result';
import { guessKind } from '../../shared/request/normalize';
import { toEnvelope } from '../../shared/request/http';
import { CatalogClient } from '../../main/services/catalog/catalog-client';
import { HttpClient } from '../../main/services/http/client';
import { generateRsaKeyPair } from '../../main/services/profiles/keys';
import { SearchClient } from '../../main/services/search/search-client';
import { exists, SHARED_FILE_MODE, writeFileAtomically } from '../../main/services/storage/atomic';
import { tokenEndpoint, TokenClient } from '../../main/services/profiles/token-client';
import { SERVICE_FLAGS } from '../request-run';
import { EXIT, parse, UsageError, type CliIo, type Command } from '../command';
import { InputError, parseJsonInput, printJson, readInput } from '../input';
import { parseKind } from './request';

function reportFailure(io: CliIo, err: unknown): number {
  if (err instanceof WorkbenchFailure) {
    io.stderr(`${err.error.code} error: ${err.error.message}`);
    return EXIT.couldNotRun;
  }
  throw err;
}

export const searchCommand: Command = {
  name: 'search',
  summary: 'Send a search (or suggest/autocomplete) request to a service and print the answer',
  usage:
    'search --base-url U --token T [--query Q] [--config ID] [--request file|-] [--kind K] [--get] [--exchange] [--timeout MS]\n' +
    '  --base-url  the service address before /search (required)\n' +
    '  --token     the search token (required unless the request file has one)\n' +
    "  --query     the query text (default: the request file's, else empty: every item)\n" +
    '  --config    the configuration id (default: the tenant default)\n' +
    '  --request   a request JSON file, or - for standard input, the flags above override it (default: none)\n' +
    '  --kind      search, suggest or autocomplete (default: guessed from the request)\n' +
    '  --get       send the encoded GET URL instead of a POST, search only (default: off)\n' +
    '  --exchange  print { response, exchange }: the answer with the HTTP exchange (headers, timings; credentials redacted) (default: off)\n' +
    '  --timeout   give up after this many milliseconds (default 30,000)\n' +
    "  example: search-workbench search --base-url http://127.0.0.1:8080 --token demo-search-token-0001 --query 'red dress'",
  async run(argv, io) {
    const { values } = parse(
      argv,
      {
        ...SERVICE_FLAGS,
        query: { type: 'string' },
        config: { type: 'string' },
        request: { type: 'string' },
        kind: { type: 'string' },
        get: { type: 'boolean' },
        exchange: { type: 'boolean' },
        timeout: { type: 'string' },
      },
      false,
    );
    if (!values['base-url']) throw new UsageError('search needs --base-url, the service address before /search.');
    let request: Record<string, unknown> = {};
    if (values.request) {
      const { text, name } = await readInput(values.request, io);
      const parsed = parseJsonInput(text, name);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new InputError(`${name} must hold a request object.`);
      request = parsed as Record<string, unknown>;
    }
    if (values.token) request.token = values.token;
    if (values.query !== undefined) request.query = values.query;
    if (values.config) request.configurationId = values.config;
    if (!request.token) throw new UsageError('search needs --token (or a request file with "token").');
    const kind = parseKind(values.kind) ?? guessKind(request);
    if (values.get && kind !== 'search') throw new UsageError('--get applies to search only.');
    const typed = toEnvelope(kind, values.get ? 'get' : 'post', request);
    if (!typed.ok) throw new InputError(typed.message);
    const http = new HttpClient({ ...(values.timeout ? { deadlineMs: Number(values.timeout) } : {}) });
    try {
      const outcome = await new SearchClient(http).send(values['base-url'], typed.envelope);
      for (const w of outcome.warnings) io.stderr(`warning: ${w}`);
      printJson(io, values.exchange ? { response: outcome.response, exchange: outcome.exchange } : outcome.response);
      return EXIT.ok;
    } catch (err) {
      if (values.exchange && err instanceof WorkbenchFailure && err.error.details?.exchange)
        printJson(io, { exchange: err.error.details.exchange });
      return reportFailure(io, err);
    } finally {
      await http.close();
    }
  },
};

export const catalogCommand: Command = {
  name: 'catalog',
  summary: 'Read the active item catalog with a client-credentials token',
  usage:
    'catalog --auth-url U --items-url U --tenant T --environment E --client-id C (--client-secret-env VAR | --private-key FILE)\n' +
    '  --auth-url           the identity server (required)\n' +
    '  --items-url          the item catalog API (required)\n' +
    '  --tenant             the tenant id (required)\n' +
    '  --environment        the environment, like production (required)\n' +
    '  --client-id          the service account (required)\n' +
    '  --client-secret-env  the name of an environment variable holding the client secret (one of the two is required)\n' +
    '  --private-key        a PEM private key for a JWT client assertion, as keygen writes it (one of the two is required)\n' +
    '  example: search-workbench catalog --auth-url https://id.example.com --items-url https://items.example.com --tenant shop --environment production --client-id workbench --client-secret-env CLIENT_SECRET',
  async run(argv, io) {
    const { values } = parse(
      argv,
      {
        'auth-url': { type: 'string' },
        'items-url': { type: 'string' },
        tenant: { type: 'string' },
        environment: { type: 'string' },
        'client-id': { type: 'string' },
        'client-secret-env': { type: 'string' },
        'private-key': { type: 'string' },
      },
      false,
    );
    for (const name of ['auth-url', 'items-url', 'tenant', 'environment', 'client-id'] as const)
      if (!values[name]) throw new UsageError(`catalog needs --${name}.`);
    const secretEnv = values['client-secret-env'];
    const keyFile = values['private-key'];
    if (!!secretEnv === !!keyFile)
      throw new UsageError(
        'catalog needs exactly one of --client-secret-env VAR (the name of an environment variable holding the secret) or --private-key FILE.',
      );
    let secret: string | undefined;
    if (secretEnv) {
      secret = process.env[secretEnv];
      if (!secret) throw new InputError(`The environment variable ${secretEnv} is not set or empty.`);
    } else {
      secret = (await readInput(keyFile, io)).text;
    }
    const http = new HttpClient();
    try {
      const tokens = new TokenClient(http, {
        badKeyRemedy: 'Give --private-key the PKCS#8 PEM file that `search-workbench keygen --out DIR` wrote (private-key.pem).',
      });
      const { catalog } = await new CatalogClient(http, tokens).active(
        { itemsUrl: values['items-url'] as string, tenant: values.tenant as string, environment: values.environment as string },
        {
          tokenUrl: tokenEndpoint(values['auth-url'] as string, values.tenant as string),
          clientId: values['client-id'] as string,
          authMethod: secretEnv ? 'client-secret' : 'private-key',
          secret: async () => secret,
        },
      );
      printJson(io, catalog.raw);
      return EXIT.ok;
    } catch (err) {
      return reportFailure(io, err);
    } finally {
      await http.close();
    }
  },
};

export const keygenCommand: Command = {
  name: 'keygen',
  summary: 'Write an RSA-2048 key pair for JWT client assertions; prints the public key for the operator',
  usage:
    'keygen --out DIR\n' +
    '  --out  the folder for private-key.pem (0600), public-key.pem and public-key.jwk.json (required); the public key is printed for the operator\n' +
    '  example: search-workbench keygen --out ~/.config/search-workbench-keys',
  async run(argv, io) {
    const { values } = parse(argv, { out: { type: 'string' } }, false);
    if (!values.out) throw new UsageError('keygen needs --out DIR, the folder to write private-key.pem and public-key.pem to.');
    const out = values.out;
    const names = ['private-key.pem', 'public-key.pem', 'public-key.jwk.json'];
    const existing = await stat(out).catch(() => undefined);
    if (existing && !existing.isDirectory()) throw new InputError(`${out} is a file; --out names the folder to write the key pair to.`);
    const taken = (await Promise.all(names.map(async (n) => ((await exists(join(out, n))) ? n : undefined)))).filter(Boolean);
    if (taken.length > 0)
      throw new InputError(
        `${join(out, taken[0] as string)} already exists; keygen never overwrites a key pair (the operator may have registered it). Give another --out folder, or move the old files away first.`,
      );
    const pair = await generateRsaKeyPair();
    await mkdir(out, { recursive: true });
    const privatePath = join(out, 'private-key.pem');
    await writeFileAtomically(privatePath, pair.privateKeyPem, { mode: 0o600 });
    await chmod(privatePath, 0o600);
    await writeFileAtomically(join(out, 'public-key.pem'), pair.publicKey.pem, { mode: SHARED_FILE_MODE });
    await writeFileAtomically(join(out, 'public-key.jwk.json'), `${JSON.stringify(pair.publicKey.jwk, null, 2)}\n`, {
      mode: SHARED_FILE_MODE,
    });
    io.stderr(`wrote ${privatePath} (mode 0600), public-key.pem and public-key.jwk.json; key id ${pair.publicKey.kid}`);
    io.stdout(pair.publicKey.pem.trimEnd());
    return EXIT.ok;
  },
};
