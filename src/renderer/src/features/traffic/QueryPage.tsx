import { Search, X } from 'lucide-react';
import { cellOf, columnLabel } from '@shared/traffic';
import { Button } from '../../components/Button';
import { ItemCell } from '../../components/ItemCell';
import { Funnel } from './Funnel';
import { useAppStore } from '../../store/store';
import { PositionChart } from './charts';
import { missingNote, useItemLookup } from '../../request-ui/use-item-lookup';
import { QueryDaysTable, QueryItemsTable } from './QueryTables';
import { useCurrency, useMoney } from '../../components/money';

/** One query's page: its figures, its first page as served, where shoppers clicked, what they clicked and bought, by day. */
export function QueryPage() {
  const { selected, page, k } = useAppStore((s) => s.traffic);
  const close = useAppStore((s) => s.openTrafficQuery);
  const open = useAppStore((s) => s.openServedInSearch);
  const openItem = useAppStore((s) => s.openItem);
  const view = page.result?.query === selected ? page.result : null;
  const row = view?.row;
  const served = view?.served?.hitIds.slice(0, 20) ?? [];
  const clicked = view?.items ?? [];
  const money = useMoney();
  const currency = useCurrency();
  const lookup = useItemLookup([...served, ...clicked.map((i) => i.docid)]);
  if (selected === null) return null;
  return (
    <section className="traffic-query" aria-label={`Traffic of ${selected}`} data-testid="traffic-query-page">
      <header className="traffic-query__head">
        <h3 className="traffic-query__title">{selected || '(no words)'}</h3>
        {view?.served ? (
          <Button
            size="sm"
            icon={<Search size={13} aria-hidden="true" />}
            title="Open in Search with the request its latest first page was served with, and send it"
            onClick={() =>
              void open(
                { query: selected, configurationId: view.served!.configurationId, variables: view.served!.variables, filter: null },
                'Traffic · query page',
              )
            }
          >
            Open in Search
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          aria-label="Close the query's page"
          icon={<X size={14} aria-hidden="true" />}
          onClick={() => void close(null)}
        />
      </header>
      {page.status === 'error' ? (
        <p className="danger small" role="alert">
          {page.error?.message}
        </p>
      ) : null}
      {!view ? (
        <p className="small muted">{page.status === 'sending' ? 'Reading…' : ''}</p>
      ) : (
        <>
          {row ? (
            <dl className="traffic-query__figures">
              {(
                [
                  'searches',
                  'sessions',
                  'clicks',
                  'ctrAtK',
                  'zeroResultRate',
                  'noClickRate',
                  'conversionRate',
                  'revenuePerSearch',
                  'meanClickPosition',
                ] as const
              ).map((c) => (
                <div key={c}>
                  <dt className="small muted">{columnLabel(c, k)}</dt>
                  <dd className="n">{cellOf(row, c, currency)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {missingNote(lookup) ? (
            <p className="small muted" data-testid="item-lookup-note">
              {missingNote(lookup)}
            </p>
          ) : null}
          {row ? <Funnel row={row} label={`The search funnel of ${view.query}`} /> : null}
          <div className="traffic-query__grid">
            <div>
              <h4 className="traffic-query__h">Clicks by position</h4>
              {view.clicksByPosition.length ? (
                <PositionChart positions={view.clicksByPosition} />
              ) : (
                <p className="small muted">No click with a known position.</p>
              )}
            </div>
            <div>
              <h4 className="traffic-query__h">First page as served</h4>
              {view.served ? (
                <>
                  <p className="small muted">{`${new Date(view.served.at).toLocaleString()} · ${view.served.configurationId ?? 'default configuration'}${
                    view.served.variables
                      ? ` · ${Object.entries(view.served.variables)
                          .map(([a, b]) => `${a}=${String(b)}`)
                          .join(', ')}`
                      : ''
                  }`}</p>
                  {served.length ? (
                    <ol className="traffic-query__served small">
                      {served.map((id, i) => (
                        <li key={`${id}-${i}`}>
                          <ItemCell
                            item={lookup.item(id)}
                            size={24}
                            onOpen={() => openItem({ item: { id }, query: view.query, placements: [] })}
                          />
                        </li>
                      ))}
                    </ol>
                  ) : (
                    <p className="small">It showed nothing.</p>
                  )}
                </>
              ) : (
                <p className="small muted">The log does not say what its first page showed.</p>
              )}
            </div>
            <div>
              <h4 className="traffic-query__h">Clicked and bought</h4>
              <QueryItemsTable query={view.query} items={view.items} lookup={lookup} money={money} />
            </div>
            <div>
              <h4 className="traffic-query__h">By day</h4>
              <QueryDaysTable query={view.query} days={view.byDay} k={k} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
