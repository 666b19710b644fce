/** The metrics a test is read on: per search, the share with a click in the first k, with a purchase, and revenue. */
export const AB_METRICS = ['ctr', 'conversion', 'revenue'] as const;
export type AbMetric = (typeof AB_METRICS)[number];
