/**
 * A count with its noun, as every screen, report and command says it: thousands separated, the noun singular for
 * one — "1 search", "1,571 searches", "0 events".
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
