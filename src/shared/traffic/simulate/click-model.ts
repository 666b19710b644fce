/**
 * The simulated shoppers' behaviour on a page: a stated click model over a hidden true relevance (a grade 0–3 per
 * query and item). Written out in the truth file whole, so every estimate made from the traffic can be checked.
 *
 * - **pbm** (position-based): the shopper looks at rank k with probability θ_k, whatever happened above it, and
 *   clicks what they look at with the attractiveness α of its grade.
 * - **dbn** (dynamic Bayesian network, the default): the shopper reads from the top; at each rank clicks with α; a
 *   click satisfies with σ of the grade and ends the page; unsatisfied, they read on with probability γ.
 */
export type ClickModelName = 'dbn' | 'pbm';
export const CLICK_MODELS: readonly ClickModelName[] = ['dbn', 'pbm'];

export interface ClickModel {
  name: ClickModelName;
  /** α by grade 0, 1, 2, 3. */
  attractiveness: readonly number[];
  /** PBM: θ_k by rank (index 0 is rank 1); ranks past the end look like the last. */
  examination: readonly number[];
  /** DBN: σ by grade. */
  satisfaction: readonly number[];
  /** DBN: γ, reading on after a rank that did not satisfy. */
  continuation: number;
  /** After a click: add to cart by grade, then buy with `purchase`. */
  addToCart: readonly number[];
  purchase: number;
}

/** θ_k = 1 / k^0.75 for twenty ranks: the first result is always looked at, the tenth about a fifth of the time. */
const PBM_EXAMINATION = Array.from({ length: 40 }, (_, i) => Math.round(1e4 / (i + 1) ** 0.75) / 1e4);

export function clickModel(name: ClickModelName): ClickModel {
  return {
    name,
    attractiveness: [0.01, 0.05, 0.16, 0.32],
    examination: PBM_EXAMINATION,
    satisfaction: [0.05, 0.2, 0.45, 0.7],
    continuation: 0.7,
    addToCart: [0.01, 0.04, 0.14, 0.3],
    purchase: 0.45,
  };
}

const at = (list: readonly number[], i: number) => list[Math.min(i, list.length - 1)]!;

/** What one shopper did on one page: the ranks (1-based) clicked, in order, and where each click led. */
export interface PageOutcome {
  clicks: { rank: number; cart: boolean; bought: boolean }[];
}

/** One shopper on one page of grades (in the order shown), drawing from `random`. */
export function shop(model: ClickModel, grades: readonly number[], random: () => number): PageOutcome {
  const clicks: PageOutcome['clicks'] = [];
  const after = (rank: number, grade: number) => {
    const cart = random() < at(model.addToCart, grade);
    const bought = cart && random() < model.purchase;
    clicks.push({ rank, cart, bought });
  };
  for (let i = 0; i < grades.length; i++) {
    const grade = grades[i]!;
    if (model.name === 'pbm') {
      if (random() < at(model.examination, i) && random() < at(model.attractiveness, grade)) after(i + 1, grade);
      continue;
    }
    if (random() < at(model.attractiveness, grade)) {
      after(i + 1, grade);
      if (random() < at(model.satisfaction, grade)) break;
    }
    if (random() >= model.continuation) break;
  }
  return { clicks };
}

/**
 * The exact expectations for one page of grades: P(at least one click in the first k), the expected clicks in the
 * first k, and the add-to-carts and purchases they lead to (each click's by its grade). DBN: q_k, the chance rank k is
 * read with no click above it, gives the first; p_k, the chance it is read at all, the second.
 */
export function expectedClicks(
  model: ClickModel,
  grades: readonly number[],
  k: number,
): { ctr: number; clicks: number; carts: number; purchases: number } {
  const n = Math.min(k, grades.length);
  let read = 1;
  let readNoClick = 1;
  let none = 1;
  let ctr = 0;
  let clicks = 0;
  let carts = 0;
  for (let i = 0; i < n; i++) {
    const grade = grades[i]!;
    const a = at(model.attractiveness, grade);
    const click = model.name === 'pbm' ? at(model.examination, i) * a : read * a;
    clicks += click;
    carts += click * at(model.addToCart, grade);
    if (model.name === 'pbm') {
      none *= 1 - click;
      continue;
    }
    ctr += readNoClick * a;
    read *= (1 - a * at(model.satisfaction, grade)) * model.continuation;
    readNoClick *= (1 - a) * model.continuation;
  }
  return { ctr: model.name === 'pbm' ? 1 - none : ctr, clicks, carts, purchases: carts * model.purchase };
}

/**
 * Adjacent pairs each swapped with probability ½: the ranks (1-based) of the first of each pair swapped. The pairs are
 * (1,2), (3,4), … or, with `offset` 1, (2,3), (4,5), …: the simulator draws which for each randomised page, so that
 * every two neighbouring ranks trade places somewhere in the log — what tells a click model how much more rank k is
 * looked at than rank k + 1, for every k.
 */
export function swapPairs<T>(items: readonly T[], random: () => number, offset: 0 | 1 = 0): { shown: T[]; swapped: number[] } {
  const shown = [...items];
  const swapped: number[] = [];
  for (let i = offset; i + 1 < shown.length; i += 2) {
    if (random() < 0.5) {
      [shown[i], shown[i + 1]] = [shown[i + 1]!, shown[i]!];
      swapped.push(i + 1);
    }
  }
  return { shown, swapped };
}
