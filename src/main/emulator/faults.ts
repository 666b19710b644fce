import { z } from 'zod';
import { Random } from './catalog/random';

export const FAULT_ENDPOINTS = ['search', 'suggest', 'autocomplete', 'token', 'catalog'] as const;
export type FaultEndpoint = (typeof FAULT_ENDPOINTS)[number];

export const faultsSchema = z
  .object({
    /** Which endpoints the faults apply to; all of them when left out. */
    endpoints: z.array(z.enum(FAULT_ENDPOINTS)).optional(),
    latencyMs: z.number().min(0).max(120_000).default(0),
    latencyJitterMs: z.number().min(0).max(60_000).default(0),
    /** Share of requests answered with `errorStatus`. */
    errorRate: z.number().min(0).max(1).default(0),
    errorStatus: z.number().int().min(400).max(599).default(503),
    /** The next N requests get 429 with Retry-After. */
    burst429: z.number().int().min(0).max(100_000).default(0),
    retryAfterSeconds: z.number().int().min(0).max(3600).default(1),
    /** Share of requests whose connection is reset before any answer. */
    resetRate: z.number().min(0).max(1).default(0),
    /** Share of answers cut off half-way through the body. */
    truncateRate: z.number().min(0).max(1).default(0),
    seed: z.number().int().default(1),
  })
  .strict();

export type Faults = z.infer<typeof faultsSchema>;

export type FaultDecision =
  | { kind: 'none'; delayMs: number }
  | { kind: 'error'; delayMs: number; status: number }
  | { kind: '429'; delayMs: number; retryAfter: number }
  | { kind: 'reset'; delayMs: number }
  | { kind: 'truncate'; delayMs: number };

/** Decides, with a seeded generator, what goes wrong with each request. */
export class FaultInjector {
  private faults: Faults | undefined;
  private rng = new Random(1);
  private burstLeft = 0;

  set(faults: Faults): void {
    this.faults = faults;
    this.rng = new Random(faults.seed);
    this.burstLeft = faults.burst429;
  }

  clear(): void {
    this.faults = undefined;
    this.burstLeft = 0;
  }

  current(): (Faults & { burstLeft: number }) | null {
    return this.faults ? { ...this.faults, burstLeft: this.burstLeft } : null;
  }

  decide(endpoint: FaultEndpoint): FaultDecision {
    const f = this.faults;
    if (!f || (f.endpoints && !f.endpoints.includes(endpoint))) return { kind: 'none', delayMs: 0 };
    const delayMs = f.latencyMs + (f.latencyJitterMs > 0 ? this.rng.next() * f.latencyJitterMs : 0);
    if (this.burstLeft > 0) {
      this.burstLeft--;
      return { kind: '429', delayMs, retryAfter: f.retryAfterSeconds };
    }
    if (f.resetRate > 0 && this.rng.chance(f.resetRate)) return { kind: 'reset', delayMs };
    if (f.errorRate > 0 && this.rng.chance(f.errorRate)) return { kind: 'error', delayMs, status: f.errorStatus };
    if (f.truncateRate > 0 && this.rng.chance(f.truncateRate)) return { kind: 'truncate', delayMs };
    return { kind: 'none', delayMs };
  }
}
