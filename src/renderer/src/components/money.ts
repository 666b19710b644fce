import { formatMoney } from '@shared/traffic';
import { useAppStore } from '../store/store';

/** The active profile's currency (its storefront's; empty when the profile does not say one). */
export function useCurrency(): string {
  return useAppStore((s) => s.activeProfile()?.currency ?? '');
}

/** Amounts of revenue as shoppers paid them: in the active profile's currency. */
export function useMoney(): (n: number) => string {
  const currency = useCurrency();
  return (n) => formatMoney(n, currency);
}
