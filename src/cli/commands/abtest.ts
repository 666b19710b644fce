import { assign, parseAbTest } from '../../shared/abtest';
import { EXIT, parse, UsageError, type CliIo, type Command } from '../command';
import { InputError, printJson, readInput } from '../input';

const ASSIGN_USAGE =
  '  assign: which variation each user (or session) id gets, as the storefront draws it (MurmurHash3 of id#test, % 100 + 1)\n' +
  '  --test      FILE: the A/B test, { id, name, variations: [{ id, weight, configurationId?, variables? }], start, end? } (required)\n' +
  '  --user      ID: a user or session id; repeat for more (required)\n' +
  '  --format    json: an array of { userId, bucket, variationId, configurationId, variables } in the order given (default: a table)';

const USAGE =
  'abtest assign --test FILE --user ID [--user ID]… [--format json]\n' +
  `${ASSIGN_USAGE}\n` +
  '  exit codes: 0 done, 2 usage error, 3 could not run (the test file unreadable or not a test)\n' +
  '  example: search-workbench abtest assign --test examples/workspace/ab-tests/demo-ranking-test.json --user 7f3c2a --user anna@example.com';

/** The test file named by --test, read and checked: what is wrong with it is said field by field (exit 3). */
export async function readTestFile(file: string | undefined, io: CliIo) {
  if (!file) throw new UsageError('Give --test FILE: the A/B test.');
  const { text, name } = await readInput(file, io);
  const read = parseAbTest(text, name);
  if (!read.ok) throw new InputError(read.message);
  return read.test;
}

async function assignCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(argv, { test: { type: 'string' }, user: { type: 'string', multiple: true }, format: { type: 'string' } });
  const users = (values.user ?? []) as string[];
  if (!users.length)
    throw new UsageError('abtest assign needs --user ID: the user or session id whose variation you want (repeat for more).');
  if (values.format !== undefined && values.format !== 'json')
    throw new UsageError(`--format is json, got ${JSON.stringify(values.format)}`);
  const test = await readTestFile(values.test as string | undefined, io);
  const assigned = users.map((u) => assign(test, u));
  if (values.format === 'json') printJson(io, assigned);
  else {
    const width = Math.max(4, ...users.map((u) => u.length));
    io.stdout(`${test.name} (${test.id}): ${test.variations.map((v) => `${v.id} ${v.weight}%`).join(', ')}`);
    io.stdout(`${'user'.padEnd(width)}  bucket  variation → what the storefront sends`);
    for (const a of assigned) {
      const sends = [a.configurationId ? `configurationId ${a.configurationId}` : "the service's default configuration"];
      for (const [k, v] of Object.entries(a.variables)) sends.push(`${k}=${v}`);
      io.stdout(`${a.userId.padEnd(width)}  ${String(a.bucket).padStart(6)}  ${a.variationId} → ${sends.join(', ')}`);
    }
  }
  return EXIT.ok;
}

export const abtestCommand: Command = {
  name: 'abtest',
  summary: 'A/B tests: which variation a customer gets (as the storefront draws it)',
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === 'assign') return assignCommand(rest, io);
    throw new UsageError(sub ? `abtest has no subcommand ${JSON.stringify(sub)}: assign.` : 'abtest needs a subcommand: assign.');
  },
};
