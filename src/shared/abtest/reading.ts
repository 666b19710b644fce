import { z } from 'zod';
import { AB_METRICS } from './readout';

/**
 * How a test is read and planned, declared once: the app's `abtest:readout` and `abtest:plan`, the screen's first
 * settings and `abtest read` on the command line all take their fields, limits and defaults from here.
 */
export const abReadingSchema = z.object({
  /** ctr: searches with a click in the first k; conversion: with a purchase; revenue: purchase value, per search. */
  metric: z.enum(AB_METRICS).default('ctr'),
  /** Click-through counts clicks at a position ≤ k. */
  k: z.int().min(1).max(100).default(10),
  /** The smallest lift the test is planned to find, relative: 0.05 = 5%. */
  minimumEffect: z.number().gt(0).max(10).default(0.05),
  /** The false-positive rate the test is read at. */
  alpha: z.number().gt(0).max(0.5).default(0.05),
});

export type AbReading = z.infer<typeof abReadingSchema>;

/** The defaults, as every caller that leaves a field out gets them. */
export const AB_READING_DEFAULTS: AbReading = abReadingSchema.parse({});
