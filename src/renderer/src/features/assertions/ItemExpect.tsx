import { ListChecks } from 'lucide-react';
import { labelOf } from '@shared/assertions';
import { Button } from '../../components/Button';
import { useAppStore } from '../../store/store';
import { itemChoices } from './expect-from-screen';

/** "Expect…" for one result of a Search tab: what must hold for it from now on, added to the tab's expectations. */
export function ItemExpect({ tabId, itemId, rank }: { tabId: string; itemId: string; rank: number }) {
  const tab = useAppStore((s) => s.tabs.find((t) => t.id === tabId));
  const patchTab = useAppStore((s) => s.patchTab);
  if (!tab?.result) return null;
  const others = (tab.result.response.items ?? [])
    .filter((i) => !i.redirect)
    .map((i, n) => ({ id: i.id, rank: (tab.result!.response.metadata?.offset ?? 0) + n + 1 }));
  // What is expected already is left out, as in the answer's Expect… menu.
  const have = new Set(tab.expect.map((a) => JSON.stringify(a)));
  const all = itemChoices(itemId, rank, others);
  const choices = all.filter((c) => !have.has(JSON.stringify(c.assertion)));
  const already = all.length - choices.length;
  return (
    <section aria-label="Expect" data-testid="item-expect">
      <h3 className="item-view__h">
        <ListChecks size={14} aria-hidden="true" /> Expect…
      </h3>
      <p className="muted small">
        Added to this request’s expectations, checked on every answer and saved with the request.
        {already ? ` ${already} of its choices ${already === 1 ? 'is' : 'are'} expected already.` : ''}
      </p>
      <div className="item-view__expect">
        {choices.map((c) => (
          <Button
            key={c.label}
            size="sm"
            variant="secondary"
            title={labelOf(c.assertion)}
            onClick={() => patchTab(tabId, { expect: [...tab.expect, c.assertion] })}
          >
            {c.label}
          </Button>
        ))}
      </div>
    </section>
  );
}
