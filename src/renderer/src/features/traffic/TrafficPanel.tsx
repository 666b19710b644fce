import { Activity, FolderOpen, ShoppingCart, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  cellOf,
  changeAgainst,
  columnLabel,
  importOutcome,
  NO_SEGMENT,
  type PositionBase,
  problemGroupText,
  type TrafficRow,
} from '@shared/traffic';
import { workbench } from '../../bridge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SavedNote } from './SavedNote';
import { ProgressBar } from '../../components/ProgressBar';
import { Segmented } from '../../components/Segmented';
import { useAppStore } from '../../store/store';
import { useCurrency } from '../../components/money';
import { DayChart } from './DayChart';
import { QueriesTable } from './QueriesTable';
import { QueryPage } from './QueryPage';
import { datesProblem, type TrafficTab } from './traffic-slice';
import { Worklist } from './Worklist';
import { ImportsList } from './ImportsList';
import { SampleForm } from './SampleForm';
import { Funnel } from './Funnel';
import { ClickRatingsPanel } from '../click-models';
import './traffic.css';

const TABS: { value: TrafficTab; label: string; title: string }[] = [
  {
    value: 'queries',
    label: 'Queries',
    title: 'Every query by searches, with its click-through, zero-result, no-click and conversion rates',
  },
  { value: 'zero-results', label: 'Zero results', title: 'Queries whose searches showed nothing, most affected first' },
  { value: 'no-clicks', label: 'No clicks', title: 'Queries whose searches showed items and got no click, most affected first' },
  {
    value: 'clicks',
    label: 'Ratings from clicks',
    title: 'A click model fitted on this traffic: each (query, item) rated from what shoppers clicked, corrected for where they looked',
  },
];

/** The overview's tiles: columns of the shared traffic views, labelled as every report labels them. */
const TILES = ['searches', 'sessions', 'ctrAtK', 'zeroResultRate', 'noClickRate', 'conversionRate', 'revenuePerSearch'] as const;

const POSITION_OPTIONS: { value: PositionBase; label: string; title: string }[] = [
  {
    value: 'auto',
    label: 'Auto',
    title: 'From 0 for a search (or an application) whose events use ordinal 0, from 1 otherwise',
  },
  { value: '0', label: 'From 0', title: 'Every ordinal counts from 0: ordinal 0 is the first result' },
  { value: '1', label: 'From 1', title: 'Every ordinal counts from 1: ordinal 0 is a bad line' },
];

/** A tile's figure against the last period: the change, up or down, or "new" / "—" when there is nothing to set it against. */
function PreviousLine({ column, now, before }: { column: (typeof TILES)[number]; now: TrafficRow; before: TrafficRow }) {
  const currency = useCurrency();
  const change = changeAgainst(now[column] as number | null, before[column] as number | null);
  return (
    <dd className="traffic-tile__previous small muted" title={`Last period: ${cellOf(before, column, currency)}`}>
      {change === null ? '— vs last period' : `${change >= 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(1)}% vs last period`}
    </dd>
  );
}

/** Import a log by its path (typed, or chosen in the desktop app's picker). */
function ImportForm() {
  const [path, setPath] = useState('');
  const [positions, setPositions] = useState<PositionBase>('auto');
  const [pickError, setPickError] = useState<string | null>(null);
  const importTraffic = useAppStore((s) => s.importTraffic);
  const busy = useAppStore((s) => s.traffic.imported.status === 'sending');
  const choose = async () => {
    setPickError(null);
    const picked = await workbench().settings.choosePath({ purpose: 'traffic-file' });
    if (!picked.ok) setPickError(picked.error.message);
    else if (picked.value.path) setPath(picked.value.path);
  };
  return (
    <form
      className="traffic-import"
      onSubmit={(e) => {
        e.preventDefault();
        if (path.trim()) void importTraffic([path.trim()], positions);
      }}
    >
      <label className="field traffic-import__path">
        <span className="field__label small">Import a log (UBI, tracker activities or CSV)</span>
        <input className="input mono" value={path} placeholder="e.g. /data/ubi/events.jsonl" onChange={(e) => setPath(e.target.value)} />
      </label>
      <Button size="sm" variant="ghost" icon={<FolderOpen size={13} aria-hidden="true" />} onClick={() => void choose()}>
        Choose…
      </Button>
      <Segmented label="Positions" showLabel value={positions} options={POSITION_OPTIONS} onChange={setPositions} />
      <Button size="sm" type="submit" icon={<Upload size={13} aria-hidden="true" />} disabled={busy || !path.trim()}>
        Import
      </Button>
      {pickError ? <span className="small muted">{pickError}</span> : null}
    </form>
  );
}

/** What the last import or simulation gave, file by file, each bad line named. */
function Imported() {
  const imported = useAppStore((s) => s.traffic.imported);
  const progress = useAppStore((s) => s.traffic.progress);
  if (imported.status === 'sending')
    return (
      <div className="traffic-progress" role="status">
        <span className="small">
          {progress
            ? progress.phase === 'import'
              ? `Importing ${progress.searches.toLocaleString('en-US')} searches…`
              : `${progress.sessions.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} shopping sessions · ${progress.searches.toLocaleString('en-US')} searches`
            : 'Working…'}
        </span>
        {progress ? <ProgressBar label="Simulated shoppers" value={progress.sessions} max={progress.total} /> : null}
      </div>
    );
  if (imported.status === 'error')
    return (
      <p className="small danger" role="alert">
        {imported.error?.message}
      </p>
    );
  const view = imported.result;
  if (!view) return null;
  return (
    <div role="status">
      <ul className="traffic-imported small">
        {view.sessions ? (
          <li>{`${view.sessions.toLocaleString('en-US')} simulated sessions, ${(view.searches ?? 0).toLocaleString('en-US')} searches, seed ${view.seed ?? '—'} (the first the store had not used: these sessions are new):`}</li>
        ) : null}
        {view.files.map((f) => (
          <li key={f.file}>
            <span className="mono">{f.file}</span>
            {` — ${importOutcome(f)}`}
            {f.problemGroups.length ? (
              <ul className="traffic-imported__problems">
                {f.problemGroups.slice(0, 8).map((g) => (
                  <li key={`${g.field}-${g.reason}`}>
                    {`${problemGroupText(g)} (${g.lines.map((at) => `${at.item ? 'item' : 'line'} ${at.line}`).join(', ')}${g.count > g.lines.length ? ', …' : ''})`}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Filters() {
  const { filter, k, overview } = useAppStore((s) => s.traffic);
  const setFilter = useAppStore((s) => s.setTrafficFilter);
  const view = overview.result;
  const problem = datesProblem(filter);
  return (
    <div className="traffic-filters" role="group" aria-label="Which traffic">
      <label className="field">
        <span className="field__label small">From</span>
        <input
          type="date"
          className="input"
          value={filter.from ?? ''}
          min={view?.from ?? undefined}
          max={view?.to ?? undefined}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'traffic-dates-problem' : undefined}
          onChange={(e) => void setFilter({ from: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="field__label small">To</span>
        <input
          type="date"
          className="input"
          value={filter.to ?? ''}
          min={view?.from ?? undefined}
          max={view?.to ?? undefined}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'traffic-dates-problem' : undefined}
          onChange={(e) => void setFilter({ to: e.target.value })}
        />
      </label>
      {problem ? (
        <span id="traffic-dates-problem" className="diag diag--error small" role="alert" data-testid="traffic-dates-problem">
          {problem}
        </span>
      ) : null}
      <label className="field">
        <span className="field__label small">Segment</span>
        <select className="input" value={filter.segment ?? ''} onChange={(e) => void setFilter({ segment: e.target.value })}>
          <option value="">All segments</option>
          <option value={NO_SEGMENT}>no segment</option>
          {view?.segments.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label small">Configuration</span>
        <select className="input" value={filter.configuration ?? ''} onChange={(e) => void setFilter({ configuration: e.target.value })}>
          <option value="">All configurations</option>
          {view?.configurations.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label small">Click-through at</span>
        <select className="input" value={k} onChange={(e) => void setFilter({ k: Number(e.target.value) })}>
          {[1, 3, 5, 10, 20].map((n) => (
            <option key={n} value={n}>{`k = ${n}`}</option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The Shoppers screen's panel: what shoppers searched, clicked and bought, from the workspace's traffic store. */
export function TrafficPanel() {
  const { overview, queries, worklist, tab, k, selected, stale } = useAppStore((s) => s.traffic);
  const load = useAppStore((s) => s.loadTraffic);
  const setTab = useAppStore((s) => s.setTrafficTab);
  const currency = useCurrency();
  const openQuery = useAppStore((s) => s.openTrafficQuery);
  const simulate = useAppStore((s) => s.simulateShoppers);
  const busy = useAppStore((s) => s.traffic.imported.status === 'sending');
  useEffect(() => {
    if (overview.status === 'idle') void load();
  }, [overview.status, load]);
  const view = overview.result;
  const empty = view !== null && view.searches === 0;
  const simulateButton = view?.canSimulate ? (
    <Button
      size="sm"
      variant={empty ? 'primary' : 'secondary'}
      icon={<ShoppingCart size={13} aria-hidden="true" />}
      disabled={busy}
      onClick={() => void simulate()}
      title="2,000 simulated shopping sessions over a week on Local demo, split between the default and new-arrivals configurations, under a seed the store has not used (so none repeats its searches), imported here"
    >
      Simulate a week of shoppers
    </Button>
  ) : null;
  return (
    <section className="ws-card traffic" aria-label="Shopper traffic" data-testid="traffic-panel">
      <header className="ws-card__head">
        <h2 className="ws-card__title">
          <Activity size={16} aria-hidden="true" /> Shopper traffic
        </h2>
        <span className="ws-card__folder small muted mono">{view?.store ?? ''}</span>
        {view && view.searches > 0 ? (
          <span className="small muted">{`${view.searches.toLocaleString('en-US')} searches, ${view.events.toLocaleString('en-US')} events · ${view.from} to ${view.to}`}</span>
        ) : null}
        <span className="traffic__tools">{empty ? null : simulateButton}</span>
      </header>
      {overview.status === 'error' ? (
        <p className="small danger" role="alert">
          {overview.error?.message}
        </p>
      ) : null}
      <Imported />
      {empty ? (
        <EmptyState icon={Activity} title="No traffic yet" actions={simulateButton}>
          Import what shoppers did — UBI queries and events, the tracker&apos;s activities, or a CSV of
          session,timestamp,query,docid,position,action — below{view?.canSimulate ? ', or simulate a week of shoppers on Local demo' : ''}.
          The views then show each query&apos;s click-through, zero-result and no-click rates, conversions and revenue.
        </EmptyState>
      ) : null}
      <ImportForm />
      <ImportsList />
      {view && !empty ? (
        <>
          <Filters />
          {stale ? (
            <p className="diag diag--warning small" data-testid="traffic-stale">
              The figures below are still those of the last range that could be read: fix the dates to read the new one.
            </p>
          ) : null}
          {view.total ? (
            <>
              <dl className={`traffic-tiles${stale ? ' is-stale' : ''}`} data-testid="traffic-tiles">
                {TILES.map((column) => (
                  <div key={column} className="traffic-tile">
                    <dt className="small muted">{columnLabel(column, k)}</dt>
                    <dd className="traffic-tile__value n">{cellOf(view.total!, column, currency)}</dd>
                    {view.previous?.total ? <PreviousLine column={column} now={view.total!} before={view.previous.total} /> : null}
                  </div>
                ))}
              </dl>
              <Funnel row={view.total} label="The search funnel over the range" />
              {view.previous ? (
                <p className="small muted" data-testid="traffic-previous">
                  {view.previous.total
                    ? `Each figure against ${view.previous.from} to ${view.previous.to}, the days just before, under the same filters.`
                    : `Against the days just before (${view.previous.from} to ${view.previous.to}): the store has no search then.`}
                </p>
              ) : null}
            </>
          ) : (
            <p className="small muted">No search in this range: widen the dates or clear the segment and configuration.</p>
          )}
          {view.byDay.length ? <DayChart days={view.byDay} k={k} /> : null}
          <div className="traffic__tabs">
            <Segmented label="Traffic view" value={tab} onChange={(t) => void setTab(t)} options={TABS} />
            <SampleForm />
          </div>
          {tab === 'queries' ? <SavedNote /> : null}
          <div className={`traffic__body${selected !== null ? ' has-page' : ''}`}>
            <div>
              {tab === 'clicks' ? (
                <ClickRatingsPanel />
              ) : tab === 'queries' ? (
                queries.result ? (
                  <QueriesTable rows={queries.result.rows} k={k} selected={selected} onOpen={(q) => void openQuery(q)} />
                ) : (
                  <p className="small muted">{queries.status === 'error' ? queries.error?.message : 'Reading…'}</p>
                )
              ) : worklist.result ? (
                <Worklist kind={tab} rows={worklist.result} />
              ) : (
                <p className="small muted">{worklist.status === 'error' ? worklist.error?.message : 'Reading…'}</p>
              )}
            </div>
            <QueryPage />
          </div>
        </>
      ) : null}
    </section>
  );
}
