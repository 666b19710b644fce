import { betaCdf } from '../click-models';

/** Which ranking an interleaved result came from. */
export type Team = 'a' | 'b';

export interface Interleaved {
  /** The items shown, in order. */
  items: string[];
  /** The team each position's item was drafted by. */
  teams: Team[];
}

/**
 * Team-draft interleaving (Radlinski, Kurup and Joachims, 2008): the two rankings take turns like captains picking
 * teams — the side with fewer picks so far picks next, a coin deciding when they have as many — and each pick is that
 * ranking's highest item not yet shown. The draft ends at `k` items, or when either ranking has nothing left to add
 * (what the other alone would add says nothing about which is better). An item both rank alike goes to whichever
 * side drafts it first; the coin keeps that fair over many searches.
 */
export function teamDraft(a: readonly string[], b: readonly string[], k: number, random: () => number): Interleaved {
  const shown = new Set<string>();
  const items: string[] = [];
  const teams: Team[] = [];
  const next = { a: 0, b: 0 };
  const picks = { a: 0, b: 0 };
  const source = { a, b };
  const advance = (team: Team) => {
    const list = source[team];
    while (next[team] < list.length && shown.has(list[next[team]]!)) next[team]++;
    return next[team] < list.length;
  };
  while (items.length < k && advance('a') && advance('b')) {
    const team: Team = picks.a < picks.b || (picks.a === picks.b && random() < 0.5) ? 'a' : 'b';
    const item = source[team][next[team]]!;
    shown.add(item);
    items.push(item);
    teams.push(team);
    picks[team]++;
  }
  return { items, teams };
}

/** The outcome of one interleaved search: the side whose items drew more clicks, or a tie (no clicks counts as one). */
export function interleavingOutcome(teams: readonly Team[], clickedRanks: readonly number[]): Team | 'tie' {
  let a = 0;
  let b = 0;
  for (const rank of clickedRanks) {
    const team = teams[rank - 1];
    if (team === 'a') a++;
    else if (team === 'b') b++;
  }
  return a === b ? 'tie' : a > b ? 'a' : 'b';
}

/**
 * The two-sided sign test of B's wins against its losses (ties set aside): under "neither is better" each decided
 * search is a fair coin, so the wins are Binomial(wins + losses, ½); p is twice the smaller tail, exact (through the
 * regularised incomplete beta function, P(X ≤ m) = I_½(n − m, m + 1)), at most 1.
 */
export function signTest(wins: number, losses: number): number {
  const n = wins + losses;
  if (n === 0) return 1;
  const m = Math.min(wins, losses);
  if (m === n) return 1;
  return Math.min(1, 2 * betaCdf(0.5, n - m, m + 1));
}

/**
 * B − A from an interleaving's tally: the share of searches B won less the share it lost, with a 95% interval (each
 * search +1, −1 or 0, its variance from the shares) and the sign test's p. With the replay's expected counts these are
 * what a live interleaving test of as many searches would show: each search a win, a loss or a tie with its chances.
 */
export function interleavingDelta(tally: { wins: number; losses: number; ties: number }): {
  value: number;
  ci95: [number, number];
  p: number;
} {
  const n = tally.wins + tally.losses + tally.ties;
  const d = n ? (tally.wins - tally.losses) / n : 0;
  const se = n ? Math.sqrt(Math.max(0, (tally.wins + tally.losses) / n - d * d) / n) : 0;
  return { value: d, ci95: [d - 1.96 * se, d + 1.96 * se], p: signTest(tally.wins, tally.losses) };
}

/** Every team draft the coin can make of two rankings, with its chance: the coin is tossed only when the picks are even. */
export function teamDrafts(a: readonly number[], b: readonly number[], k: number): { items: number[]; teams: Team[]; chance: number }[] {
  const out: { items: number[]; teams: Team[]; chance: number }[] = [];
  const walk = (items: number[], teams: Team[], next: { a: number; b: number }, picks: { a: number; b: number }, chance: number) => {
    const shown = new Set(items);
    const at = { a: next.a, b: next.b };
    while (at.a < a.length && shown.has(a[at.a]!)) at.a++;
    while (at.b < b.length && shown.has(b[at.b]!)) at.b++;
    if (items.length >= k || at.a >= a.length || at.b >= b.length) {
      out.push({ items, teams, chance });
      return;
    }
    const pick = (team: Team, p: number) => {
      const item = team === 'a' ? a[at.a]! : b[at.b]!;
      walk([...items, item], [...teams, team], at, { ...picks, [team]: picks[team] + 1 }, p);
    };
    if (picks.a < picks.b) pick('a', chance);
    else if (picks.b < picks.a) pick('b', chance);
    else {
      pick('a', chance / 2);
      pick('b', chance / 2);
    }
  };
  walk([], [], { a: 0, b: 0 }, { a: 0, b: 0 }, 1);
  return out;
}

/**
 * The chances that B's items draw more clicks than A's, and fewer, on one interleaved page under a behaviour — exact,
 * not drawn: the clicks' difference is carried down the page as a distribution (PBM: each rank on its own; DBN: also
 * whether the shopper is still reading).
 */
export function outcomeChances(
  teams: readonly Team[],
  click: { model: 'pbm' | 'dbn'; attract: (rank: number) => number; satisfied: (rank: number) => number; gamma: number },
): { win: number; loss: number } {
  const n = teams.length;
  const width = 2 * n + 1;
  // reading[d]: still reading, B − A = d − n; done[d]: stopped.
  let reading = new Float64Array(width);
  const done = new Float64Array(width);
  reading[n] = 1;
  for (let r = 0; r < n; r++) {
    const step = teams[r] === 'b' ? 1 : -1;
    const p = click.attract(r);
    const next = new Float64Array(width);
    for (let d = 0; d < width; d++) {
      const mass = reading[d]!;
      if (!mass) continue;
      const clicked = mass * p;
      const quiet = mass - clicked;
      if (click.model === 'pbm') {
        next[d + step]! += clicked;
        next[d]! += quiet;
        continue;
      }
      // DBN: a click satisfies with σ (and the page ends), else the shopper reads on with γ; no click, on with γ.
      const s = click.satisfied(r);
      done[d + step]! += clicked * s + clicked * (1 - s) * (1 - click.gamma);
      next[d + step]! += clicked * (1 - s) * click.gamma;
      done[d]! += quiet * (1 - click.gamma);
      next[d]! += quiet * click.gamma;
    }
    reading = next;
  }
  let win = 0;
  let loss = 0;
  for (let d = 0; d < width; d++) {
    const mass = reading[d]! + done[d]!;
    if (d > n) win += mass;
    else if (d < n) loss += mass;
  }
  return { win, loss };
}
