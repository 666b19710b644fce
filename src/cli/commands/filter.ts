import { compileFilter, parseFilter, printFilter } from '../../shared/filter';
import { formatTextDiagnostic, textPosition } from '../../shared/diagnostics';
import { EXIT, parse, UsageError, type Command } from '../command';
import { InputError, itemList, printJson, readJson } from '../input';

/** Catalog items are flat; response items keep their attributes under `product`. */
export function attributesOf(item: unknown): Record<string, unknown> {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return {};
  const obj = item as Record<string, unknown>;
  if (obj.product && typeof obj.product === 'object' && !Array.isArray(obj.product))
    return { ...(obj.product as Record<string, unknown>), id: obj.id };
  return obj;
}

export const filterCommand: Command = {
  name: 'filter',
  summary: 'Check a filter expression, or list the items it matches',
  usage:
    'filter check <expr> | filter match <expr> [items.json|-]\n' +
    '  check  parse the expression and print its diagnostics (exit 1 when it has an error)\n' +
    '  match  print the ids of the items (catalog items or response items) it matches (default input: -)\n' +
    "  example: search-workbench filter match 'price < 100 AND colour = Black' items.json",
  async run(argv, io) {
    const [sub, ...rest] = argv;
    const { positionals } = parse(rest, {});
    const expr = positionals[0];
    if (sub !== 'check' && sub !== 'match')
      throw new UsageError(sub ? `filter has no subcommand ${JSON.stringify(sub)}.` : 'filter needs a subcommand: check or match.');
    if (expr === undefined) throw new UsageError(`filter ${sub} needs the filter expression (quote it in the shell).`);
    const parsed = parseFilter(expr);
    const ok = !parsed.diagnostics.some((d) => d.severity === 'error');
    if (sub === 'check') {
      printJson(io, {
        ok,
        diagnostics: parsed.diagnostics.map(({ severity, message, start, end }) => ({
          severity,
          message,
          start,
          end,
          ...textPosition(expr, start),
        })),
        canonical: ok && parsed.ast ? printFilter(parsed.ast) : ok ? '' : null,
      });
      return ok ? EXIT.ok : EXIT.failed;
    }
    if (!ok) {
      for (const d of parsed.diagnostics.filter((x) => x.severity === 'error')) io.stderr(formatTextDiagnostic(expr, d));
      return EXIT.couldNotRun;
    }
    const items = itemList(await readJson(positionals[1], io), positionals[1] ?? 'standard input');
    const predicate = compileFilter(parsed.ast);
    const ids: unknown[] = [];
    items.forEach((item, i) => {
      const attrs = attributesOf(item);
      if (attrs.id === undefined) throw new InputError(`Item ${i} has no id.`);
      if (predicate(attrs)) ids.push(attrs.id);
    });
    printJson(io, ids);
    return EXIT.ok;
  },
};
