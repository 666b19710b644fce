/**
 * The 95% intervals a click model's estimates carry: Beta posteriors (uniform prior) of a probability from its
 * successes and trials, a Gamma posterior (Jeffreys prior) of a rate, and a product of two estimates combined on the
 * log scale. Each estimate is its posterior's mean, and its interval that posterior's 2.5% and 97.5% quantiles: one
 * method for both, so an estimate always lies inside its own interval (these posteriors are log-concave, so at least
 * 1/e of their mass lies on either side of the mean).
 */

const Z95 = 1.959963984540054;

/** ln Γ(x), Lanczos (g = 7, nine terms). */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let a = c[0]!;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-14) break;
  }
  return h;
}

/** I_x(a, b) with ln B(a, b) given: what a quantile's search evaluates many times at one (a, b). */
function betaCdfWith(x: number, a: number, b: number, logBeta: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log(1 - x) - logBeta);
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

const logBetaOf = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** The regularized incomplete beta function I_x(a, b): the Beta(a, b) distribution's P(X ≤ x). */
export function betaCdf(x: number, a: number, b: number): number {
  return betaCdfWith(x, a, b, logBetaOf(a, b));
}

/**
 * The p-quantile of Beta(a, b), on its distribution function (to 1e-10). With more than 1,000 trials the
 * distribution is as good as normal, and its mean ± z·sd is used (a millionth off at most, and a thousand times faster).
 */
export function betaQuantile(p: number, a: number, b: number): number {
  if (a + b > 1000) {
    const mean = a / (a + b);
    const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
    return Math.min(1, Math.max(0, mean + normalQuantile(p) * sd));
  }
  // In closed form at an edge: Beta(1, b) (no successes) and Beta(a, 1) (no failures).
  if (a === 1) return 1 - (1 - p) ** (1 / b);
  if (b === 1) return p ** (1 / a);
  const logBeta = logBetaOf(a, b);
  // Newton's steps on the distribution function (its slope the density), from the mean, kept inside a bracket that
  // halves when a step would leave it: to 1e-10 in a handful of steps where halving alone takes thirty.
  let lo = 0;
  let hi = 1;
  let x = a / (a + b);
  for (let i = 0; i < 60; i++) {
    const gap = betaCdfWith(x, a, b, logBeta) - p;
    if (gap < 0) lo = x;
    else hi = x;
    const density = Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log(1 - x) - logBeta);
    let next = density > 0 ? x - gap / density : (lo + hi) / 2;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - x) < 1e-10 || hi - lo < 1e-10) return next;
    x = next;
  }
  return x;
}

/** The standard normal's quantile at the two tails the intervals use (2.5% and 97.5%), and the median. */
function normalQuantile(p: number): number {
  if (p === 0.025) return -Z95;
  if (p === 0.975) return Z95;
  if (p === 0.5) return 0;
  throw new RangeError(`normal quantile at ${p}: only 0.025, 0.5 and 0.975 are used`);
}

export type Interval = [number, number];

/** A probability's 95% interval from successes in trials (trials may be expected counts, not whole numbers). */
export function betaInterval(successes: number, trials: number): Interval {
  const s = Math.max(0, Math.min(successes, trials));
  const f = Math.max(0, trials - s);
  return [betaQuantile(0.025, 1 + s, 1 + f), betaQuantile(0.975, 1 + s, 1 + f)];
}

/**
 * A rate's 95% interval from `events` seen over `exposure` (a Poisson count): the Gamma(events + ½, exposure)
 * posterior's quantiles, by the Wilson–Hilferty approximation of the chi-square.
 */
export function gammaInterval(events: number, exposure: number): Interval {
  if (exposure <= 0) return [0, Infinity];
  const nu = 2 * events + 1;
  const q = (z: number) => Math.max(0, nu * (1 - 2 / (9 * nu) + z * Math.sqrt(2 / (9 * nu))) ** 3) / (2 * exposure);
  return [q(-Z95), q(Z95)];
}

/** Beta(1 + s, 1 + f)'s mean. */
function betaMoments(successes: number, trials: number): { mean: number } {
  const a = 1 + Math.max(0, Math.min(successes, trials));
  const b = 1 + Math.max(0, trials - Math.min(successes, trials));
  return { mean: a / (a + b) };
}

/**
 * The digamma function ψ and its next two derivatives ψ′, ψ″ at x > 0: by the recurrence up to x ≥ 8, then their
 * asymptotic series (to about 1e-12 there).
 */
export function polygammas(x: number): [number, number, number] {
  let d0 = 0;
  let d1 = 0;
  let d2 = 0;
  while (x < 8) {
    d0 -= 1 / x;
    d1 += 1 / (x * x);
    d2 -= 2 / (x * x * x);
    x++;
  }
  const i = 1 / x;
  const i2 = i * i;
  d0 += Math.log(x) - i / 2 - i2 * (1 / 12 - i2 * (1 / 120 - i2 * (1 / 252 - i2 / 240)));
  d1 += i + i2 / 2 + i * i2 * (1 / 6 - i2 * (1 / 30 - i2 * (1 / 42 - i2 / 30)));
  d2 += -i2 - i * i2 - i2 * i2 * (1 / 2 - i2 * (1 / 6 - i2 * (1 / 6 - (i2 * 3) / 10)));
  return [d0, d1, d2];
}

/** The first three cumulants of log X for X ~ Beta(a, b): ψ(a) − ψ(a + b), and the same of ψ′ and ψ″. */
function logBetaCumulants(a: number, b: number): [number, number, number] {
  const x = polygammas(a);
  const ab = polygammas(a + b);
  return [x[0] - ab[0], x[1] - ab[1], x[2] - ab[2]];
}

/**
 * The 95% interval of x·y for two independent probabilities, each a Beta posterior (uniform prior) from its
 * evidence: on the log scale, where the cumulants of the two add exactly (log-Beta's are polygamma differences),
 * its 2.5% and 97.5% quantiles by the Cornish–Fisher expansion with the skewness — the log of a Beta with little
 * evidence has a long lower tail that a normal on the log scale cuts short.
 */
export function productInterval(x: { successes: number; trials: number }, y: { successes: number; trials: number }): Interval {
  const [k1, k2, k3] = [x, y]
    .map((e) => {
      const s = Math.max(0, Math.min(e.successes, e.trials));
      return logBetaCumulants(1 + s, 1 + Math.max(0, e.trials - s));
    })
    .reduce((p, q) => [p[0] + q[0], p[1] + q[1], p[2] + q[2]]);
  const sd = Math.sqrt(k2);
  const skew = k3 / (sd * sd * sd);
  const quantile = (z: number) => Math.exp(k1 + sd * (z + ((z * z - 1) * skew) / 6));
  return [quantile(-Z95), Math.min(1, quantile(Z95))];
}

/** An estimate and its 95% interval, both from one posterior: its mean and its 2.5% and 97.5% quantiles. */
export interface Posterior {
  estimate: number;
  ci95: Interval;
}

/** The interval widened, where rounding in a quantile's approximation left it a hair short, to hold its own estimate. */
const holding = (estimate: number, ci: Interval): Posterior => ({
  estimate,
  ci95: [Math.min(ci[0], estimate), Math.max(ci[1], estimate)],
});

/** A probability from successes in trials (expected counts allowed): Beta(1 + s, 1 + f), its mean and quantiles. */
export function betaPosterior(successes: number, trials: number): Posterior {
  return holding(betaMoments(successes, trials).mean, betaInterval(successes, trials));
}

/** A rate from events over an exposure (> 0): Gamma(events + ½, exposure), its mean and quantiles. */
export function gammaPosterior(events: number, exposure: number): Posterior {
  return holding((events + 0.5) / exposure, gammaInterval(events, exposure));
}

/**
 * The product of two independent probabilities, each a Beta posterior from successes in trials: the mean of the
 * product (the product of the means, the two being independent), its interval on the log scale around that mean.
 */
export function productPosterior(x: { successes: number; trials: number }, y: { successes: number; trials: number }): Posterior {
  const estimate = betaMoments(x.successes, x.trials).mean * betaMoments(y.successes, y.trials).mean;
  return holding(estimate, productInterval(x, y));
}
