import type { TrafficRow } from './views';

/** One step of the search funnel: what it counts, how many searches reached it, and their share of all searches. */
export interface FunnelStep {
  step: 'searched' | 'clicked' | 'added to cart' | 'bought';
  searches: number;
  share: number;
}

/**
 * The search funnel of a row: searched → clicked (a search that got any click: neither zero-result nor no-click) →
 * added to cart → bought, each as searches and their share of all — the rates every report gives, read in order.
 */
export function funnelOf(
  row: Pick<TrafficRow, 'searches' | 'zeroResultRate' | 'noClickRate' | 'addToCartRate' | 'conversionRate'>,
): FunnelStep[] {
  const clicked = Math.max(0, 1 - row.zeroResultRate - row.noClickRate);
  const step = (name: FunnelStep['step'], share: number): FunnelStep => ({
    step: name,
    share,
    searches: Math.round(share * row.searches),
  });
  return [step('searched', 1), step('clicked', clicked), step('added to cart', row.addToCartRate), step('bought', row.conversionRate)];
}
