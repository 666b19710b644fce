/* Profiles on the command line: `keygen` makes the key pair a profile's private-key client authenticates with. */
import { chmod, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { generateRsaKeyPair } from '../../main/services/profiles';
import { exists, SHARED_FILE_MODE, writeFileAtomically } from '../../main/services/storage';
import { type Command, EXIT, parse, UsageError } from '../command';
import { InputError } from '../input';

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
