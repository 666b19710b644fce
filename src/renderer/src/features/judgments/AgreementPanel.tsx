import { useMemo } from 'react';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import type { PairFigures, PeopleVsClicks } from '@shared/judgments';
import { Button } from '../../components/Button';
import { ItemCell } from '../../components/ItemCell';
import { JudgeReportCard } from '../llm-judges';
import { useItemLookup } from '../../request-ui/use-item-lookup';
import { ExportCsv, SortTh } from '../../components/TableTools';
import { type TableColumn, useTableSort } from '../../components/table-sort';
import { slugify } from '@shared/workspace';
import { useAppStore } from '../../store/store';
import { plural } from '@shared/text';

// A figure to three decimals (never "-0.000": a hair below zero reads as no agreement beyond chance, as 0.000 does).
const num = (x: number | null) => (x === null ? '—' : (Math.abs(x) < 5e-4 ? 0 : x).toFixed(3));
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Alpha's bootstrap interval, when there is one. */
function Ci95({ ci }: { ci: [number, number] | null }) {
  return ci ? (
    <span className="muted">
      {' '}
      95% CI {ci[0].toFixed(3)} to {ci[1].toFixed(3)}
    </span>
  ) : null;
}

/** A pair's (or the pooled) figures, or how many more shared items they need. */
function Figures({ f, needed }: { f: PairFigures; needed: number }) {
  if (needed > 0)
    return (
      <td colSpan={4} className="muted">
        {f.items} shared — {needed} more needed before figures are given
      </td>
    );
  return (
    <>
      <td className="num">{pct(f.agreement)}</td>
      <td className="num">{pct(f.withinOne)}</td>
      <td className="num">{num(f.kappa)}</td>
      <td className="num">{num(f.weightedKappa)}</td>
    </>
  );
}

type FiguresRow = { key: string; name: string; f: PairFigures; needed: number };

/** A figure is given only once a row has the shared items it needs: before that it sorts and exports as missing. */
const given = (r: FiguresRow, x: number | null) => (r.needed > 0 ? null : x);

const figuresColumns = (first: string, count: string): TableColumn<FiguresRow>[] => [
  { id: 'name', label: first, value: (r) => r.name },
  { id: 'items', label: count, value: (r) => r.f.items, numeric: true },
  { id: 'exact', label: 'Exact', value: (r) => given(r, r.f.agreement), numeric: true },
  { id: 'withinOne', label: 'Within one', value: (r) => given(r, r.f.withinOne), numeric: true },
  { id: 'kappa', label: 'Cohen’s κ', value: (r) => given(r, r.f.kappa), numeric: true },
  { id: 'weightedKappa', label: 'κ quadratic', value: (r) => given(r, r.f.weightedKappa), numeric: true },
];

/** Figures per row (a pair of raters, a query): what they were counted over, and the four figures; sortable, exportable. */
function FiguresTable({
  label,
  first,
  count,
  rows: given_,
  testId,
}: {
  label: string;
  first: string;
  count: string;
  rows: FiguresRow[];
  testId?: string;
}) {
  const columns = useMemo(() => figuresColumns(first, count), [first, count]);
  const { rows, sort, toggle } = useTableSort(given_, columns);
  return (
    <>
      <table className="agreement-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <SortTh key={c.id} column={c} sort={sort} onSort={toggle} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} {...(testId ? { 'data-testid': testId } : {})}>
              <td>{r.name}</td>
              <td className="num">{r.f.items}</td>
              <Figures f={r.f} needed={r.needed} />
            </tr>
          ))}
        </tbody>
      </table>
      <div className="table-tools">
        <ExportCsv rows={rows} columns={columns} fileName={`agreement-${slugify(label)}.csv`} what={label.toLowerCase()} />
      </div>
    </>
  );
}

function Confusion({ raters, confusion }: { raters: [string, string]; confusion: number[][] }) {
  return (
    <table className="agreement-confusion" aria-label={`Confusion of ${raters[0]} and ${raters[1]}`}>
      <thead>
        <tr>
          <th scope="col">
            {raters[0]} ↓ · {raters[1]} →
          </th>
          {confusion.map((_, j) => (
            <th key={j} scope="col" className="num">
              {j}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {confusion.map((row, i) => (
          <tr key={i}>
            <th scope="row" className="num">
              {i}
            </th>
            {row.map((c, j) => (
              <td key={j} className={`num${i === j ? ' is-diagonal' : ''}`}>
                {c || ''}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Items apart listed per model; the count says how many in all. */
const SHOWN_APART = 50;

/**
 * Each click model's ratings in the list against the people's: alpha and the figures of the two as raters, per query,
 * and the items both rated, farthest apart first — the ones the judging queue's "Shoppers disagree" puts first.
 */
function ShoppersSection({ shoppers }: { shoppers: PeopleVsClicks[] }) {
  const openItem = useAppStore((s) => s.openItem);
  const lookup = useItemLookup(shoppers.flatMap((m) => m.apart.slice(0, SHOWN_APART).map((d) => d.itemId)));
  if (!shoppers.length) return null;
  return (
    <section aria-label="People, shoppers and judges" data-testid="agreement-shoppers">
      <h3 className="agreement__h">People, shoppers and judges</h3>
      <p className="small muted">
        Each click model’s ratings (Shopper traffic → Ratings from clicks) and each language model judge’s (Workspace → Ask a judge) against
        the people’s, on the items both rated: the people count as one rater, their value of an item as metrics read it.
      </p>
      {shoppers.map(({ by, agreement: a, apart, apartCount = apart.length, pairs, againstClicks }) => (
        <div key={by} className="agreement__shoppers" data-testid="agreement-shoppers-model">
          <p className="agreement__headline">
            <span className="metric__label">People · {by}</span>{' '}
            {a.pairable >= 30 && a.alpha !== null ? (
              <span className="agreement__alpha">
                α <strong>{a.alpha.toFixed(3)}</strong>
                <Ci95 ci={a.alphaCi95} />
                <span className="muted">
                  {' '}
                  · κ quadratic {num(a.overall.weightedKappa)} · over {plural(a.pairable, 'item')} both rated
                </span>
              </span>
            ) : (
              <span className="muted">
                {plural(a.pairable, 'item')} both rated: {30 - a.pairable} more are needed before figures are given.
              </span>
            )}
          </p>
          {pairs ? (
            <JudgeReportCard by={by} pairs={pairs} againstClicks={againstClicks ?? []}>
              {/* The pair's own order (its raters sorted): rows the first, columns the second, as every pair's table. */}
              {a.pairs[0] ? <Confusion raters={a.pairs[0].raters} confusion={a.pairs[0].confusion} /> : null}
            </JudgeReportCard>
          ) : null}
          <details className="agreement__apart">
            <summary className="small">Per query ({plural(a.perQuery.length, 'query', 'queries')})</summary>
            <FiguresTable
              label={`People and ${by} per query`}
              first="Query"
              count="Items both rated"
              rows={a.perQuery.map((q) => ({ key: q.query, name: q.query, f: q, needed: q.needed }))}
            />
          </details>
          {apart.length ? (
            <details className="agreement__apart">
              <summary className="small">
                {apartCount.toLocaleString('en-US')} items rated differently, farthest apart first
                {apartCount > SHOWN_APART ? ` (the first ${SHOWN_APART} listed)` : ''} — the judging queue’s “
                {by.startsWith('llm:') ? 'Judge disagrees' : 'Shoppers disagree'}” puts them first
              </summary>
              <ul className="agreement-disagreements" aria-label={`Items people and ${by} rated differently`}>
                {apart.slice(0, SHOWN_APART).map((d) => (
                  <li key={`${d.query}\u0000${d.itemId}`} data-testid="agreement-apart">
                    <span className="agreement-disagreement__what">
                      <strong>{d.query}</strong> ·{' '}
                      <ItemCell
                        item={lookup.item(d.itemId)}
                        onOpen={() => openItem({ item: { id: d.itemId }, query: d.query, placements: [] })}
                      />
                    </span>
                    <span className="small">
                      people {d.people} · {by.startsWith('llm:') ? 'judge' : 'clicks'} {d.clicks} · {d.apart} apart
                    </span>
                    {d.reason ? (
                      <span className="small muted agreement-apart__reason" data-testid="agreement-apart-reason">
                        the judge: “{d.reason}”
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </details>
          ) : (
            <p className="small muted">People and {by} gave every item both rated the same rating.</p>
          )}
        </div>
      ))}
    </section>
  );
}

/**
 * How far a judgment list's raters agree: Krippendorff's alpha over all of
 * them, each pair's figures and confusion matrix, per query, and the
 * disagreements to decide (a third rating that settles the item).
 */
export function AgreementPanel() {
  const file = useAppStore((s) => s.agreementFile);
  const call = useAppStore((s) => s.agreement);
  const max = useAppStore((s) => s.workspaceList.result?.items.judgments.find((i) => i.file === s.agreementFile));
  const { closeAgreement, openAgreement, adjudicate, openItem } = useAppStore.getState();
  const report = call.result;
  const lookup = useItemLookup(report?.disagreements.map((d) => d.itemId) ?? []);
  return (
    <section className="agreement" aria-label="Agreement">
      <header className="agreement__head">
        <Button size="sm" variant="ghost" icon={<ArrowLeft size={13} aria-hidden="true" />} onClick={closeAgreement}>
          Workspace
        </Button>
        <h2 className="agreement__title">Agreement · {max?.name ?? file}</h2>
        <Button
          size="sm"
          variant="ghost"
          icon={<RefreshCw size={13} aria-hidden="true" />}
          onClick={() => file && void openAgreement(file)}
        >
          Refresh
        </Button>
      </header>
      {call.error ? (
        <p className="diag diag--error" role="alert">
          {call.error.message}
        </p>
      ) : !report ? (
        <div className="screen-loading" role="status" aria-busy="true" aria-label="Measuring agreement" />
      ) : report.raters.length < 2 ? (
        <>
          <div className="empty-state empty-state--inline">
            <h3 className="empty-state__title">{report.raters.length ? `Only ${report.raters[0]} has rated` : 'Nobody has rated yet'}</h3>
            <p className="muted">
              Agreement needs two raters on the same items. In the judging queue, set another name under “Rating as” and pick “Second
              opinion”: the items someone else rated come to you without their ratings.
            </p>
          </div>
          {/* Shoppers and judges are set against the one rater there is: their figures read as they do beside several. */}
          <ShoppersSection shoppers={report.shoppers} />
        </>
      ) : (
        <>
          <div className="agreement__headline" data-testid="agreement-alpha">
            <span className="metric__label">Krippendorff’s alpha (ordinal, all raters)</span>
            {report.pairable >= 30 && report.alpha !== null ? (
              <span className="agreement__alpha">
                <strong>{report.alpha.toFixed(3)}</strong>
                <Ci95 ci={report.alphaCi95} />
                <span className="muted"> · over {plural(report.pairable, 'item')} two or more raters rated</span>
              </span>
            ) : (
              <span className="muted">
                {plural(report.pairable, 'item')} rated by two or more raters: {30 - report.pairable} more are needed before alpha is given.
              </span>
            )}
          </div>
          <p className="small muted">
            Raters: {report.raters.join(', ')}. Metrics use, for an item the raters disagree on, the adjudicated rating, else the mean of
            their ratings rounded down. Figures are given from 30 shared items on.
          </p>
          <h3 className="agreement__h">Pairs of raters</h3>
          <FiguresTable
            label="Pairs of raters"
            first="Raters"
            count="Items both rated"
            rows={report.pairs.map((p) => ({ key: p.raters.join('\u0000'), name: p.raters.join(' · '), f: p, needed: p.needed }))}
            testId="agreement-pair"
          />
          <div className="agreement__confusions">
            {report.pairs
              .filter((p) => p.items > 0)
              .map((p) => (
                <Confusion key={p.raters.join('\u0000')} raters={p.raters} confusion={p.confusion} />
              ))}
          </div>
          <h3 className="agreement__h">Per query</h3>
          <FiguresTable
            label="Agreement per query"
            first="Query"
            count="Pairs of ratings"
            rows={report.perQuery.map((q) => ({ key: q.query, name: q.query, f: q, needed: q.needed }))}
          />
          <h3 className="agreement__h">
            Disagreements ({report.disagreementCount}, {report.adjudicated} decided)
          </h3>
          {report.disagreements.length === 0 ? (
            <p className="muted small">The raters gave every item they share the same rating.</p>
          ) : (
            <ul className="agreement-disagreements" aria-label="Disagreements">
              {report.disagreements.map((d) => (
                <li key={`${d.query}\u0000${d.itemId}`} data-testid="agreement-disagreement">
                  <span className="agreement-disagreement__what">
                    <strong>{d.query}</strong> ·{' '}
                    <ItemCell
                      item={lookup.item(d.itemId)}
                      onOpen={() => openItem({ item: { id: d.itemId }, query: d.query, placements: [] })}
                    />
                  </span>
                  <span className="small">{d.ratings.map((r) => `${r.rater} ${r.rating}`).join(' · ')}</span>
                  <span className="agreement-disagreement__decide" role="group" aria-label={`Decide ${d.itemId} for ${d.query}`}>
                    <span className="small muted">{d.adjudicated !== undefined ? `decided ${d.adjudicated} · change:` : 'decide:'}</span>
                    {Array.from({ length: report.max + 1 }, (_, r) => (
                      <Button
                        key={r}
                        size="sm"
                        variant={d.adjudicated === r ? 'primary' : 'ghost'}
                        onClick={() => void adjudicate(d.query, d.itemId, r)}
                      >
                        {r}
                      </Button>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <ShoppersSection shoppers={report.shoppers} />
        </>
      )}
    </section>
  );
}
