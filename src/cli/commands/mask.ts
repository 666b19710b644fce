import { compileMask, parseMask } from '../../shared/mask';
import { formatTextDiagnostic } from '../../shared/diagnostics';
import { EXIT, parse, UsageError, type Command } from '../command';
import { itemList, printJson, readJson } from '../input';

export const maskCommand: Command = {
  name: 'mask',
  summary: 'Apply a response mask to items, as the service would',
  usage:
    'mask apply <mask> [items.json|-]\n' +
    '  apply  the items (an array or a search answer) with the mask applied, as the service would (default input: -)\n' +
    "  example: search-workbench mask apply 'id, product(title, price)' answer.json",
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub !== 'apply') throw new UsageError(sub ? `mask has no subcommand ${JSON.stringify(sub)}.` : 'mask needs a subcommand: apply.');
    const { positionals } = parse(rest, {});
    const mask = positionals[0];
    if (mask === undefined) throw new UsageError('mask apply needs the mask, like "id, product(title, price)".');
    const parsed = parseMask(mask);
    if (parsed.selections === null) {
      for (const d of parsed.diagnostics) io.stderr(formatTextDiagnostic(mask, d));
      return EXIT.couldNotRun;
    }
    const items = itemList(await readJson(positionals[1], io), positionals[1] ?? 'standard input');
    const apply = compileMask(mask);
    printJson(io, apply ? items.map(apply) : items);
    return EXIT.ok;
  },
};
