/* The catalog on the command line: `catalog` reads the item catalog through the catalog client and a token grant. */
import { CatalogClient } from '../../main/services/catalog';
import { HttpClient } from '../../main/services/http';
import { TokenClient, tokenEndpoint } from '../../main/services/profiles';
import { type Command, EXIT, parse, UsageError } from '../command';
import { InputError, printJson, readInput } from '../input';
import { reportFailure } from '../service-call';

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
