import { RefreshCw, ShoppingCart, TriangleAlert } from 'lucide-react';
import type { TrafficEstimateView } from '@shared/estimates';
import { LOSES_CLICKS } from '@shared/estimates';
import { Button } from '../../components/Button';
import { PanelCard } from '../../components/PanelCard';
import { Segmented } from '../../components/Segmented';
import { useAppStore } from '../../store/store';
import * as Plot from '@observablehq/plot';
import { themed, usePlot } from '../../components/plot';
import './estimates.css';
import { plural } from '@shared/text';

type Estimate = TrafficEstimateView['estimates'][number];

const num = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(3)}`;
const ci = (c: readonly [number, number]) => `${signed(c[0])} … ${signed(c[1])}`;
const pText = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3));

const NAMES: Record<Estimate['estimator'], { name: string; says: string }> = {
  model: { name: 'Model', says: "the fitted click model on B's page" },
  ips: { name: 'IPS', says: "logged clicks on B's items, reweighted by where B would show them; none for items a search did not show" },
  snips: { name: 'SNIPS', says: 'IPS normalised by the impressions each item really had' },
  dr: { name: 'Doubly robust', says: "the model, corrected by the clicks on B's items the log has" },
};

/** B − A on one axis: each estimator's difference as a dot with its 95% interval, zero marked, each value on hover. */
function DeltaChart({ view }: { view: TrafficEstimateView }) {
  type Row = { name: string; value: number; low: number; high: number; tone: string; title: string };
  const rows: Row[] = view.estimates.map((e) => ({
    name: NAMES[e.estimator].name,
    value: e.delta.value,
    low: e.delta.ci95[0],
    high: e.delta.ci95[1],
    tone: e.delta.ci95[1] < 0 ? '--danger' : e.delta.ci95[0] > 0 ? '--success' : '--muted',
    title: `${NAMES[e.estimator].name}: ${signed(e.delta.value)} (${ci(e.delta.ci95)})`,
  }));
  const box = usePlot(
    (width) =>
      Plot.plot({
        width,
        height: 40 + rows.length * 28,
        marginLeft: 110,
        x: {
          label: `B − A in clicks@${view.k} per search`,
          grid: true,
          nice: true,
          ticks: 5,
          tickFormat: (v: number) => (v === 0 ? '0' : signed(v)),
        },
        y: { domain: rows.map((r) => r.name), label: null },
        marks: [
          Plot.ruleX([0], { stroke: themed('--muted'), strokeDasharray: '3,3' }),
          Plot.link(rows, { x1: 'low', x2: 'high', y1: 'name', y2: 'name', stroke: (r: Row) => themed(r.tone), strokeWidth: 2 }),
          Plot.dot(rows, { x: 'value', y: 'name', fill: (r: Row) => themed(r.tone), r: 4.5 }),
          Plot.tip(rows, Plot.pointerY({ x: 'value', y: 'name', title: 'title' })),
        ],
      }),
    [view],
    { max: 620 },
  );
  return (
    <figure
      className="plot on-traffic-chart"
      aria-label={`B − A in clicks@${view.k} per search by each estimator, with 95% intervals`}
      ref={box}
    />
  );
}

/** The head of a table of A, B and B − A. */
function ValueHead({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th>{first}</th>
        <th className="n">A</th>
        <th className="n">B</th>
        <th className="n">B − A</th>
        <th className="n">95% interval of B − A</th>
        <th className="n">p</th>
      </tr>
    </thead>
  );
}

/** A row's A, B, B − A (red where its interval lies below zero, green above), the interval and p. */
function ValueCells({ values: v }: { values: Pick<Estimate, 'a' | 'b' | 'delta'> }) {
  const tone = v.delta.ci95[1] < 0 ? 'worse' : v.delta.ci95[0] > 0 ? 'better' : 'unclear';
  return (
    <>
      <td className="n">{num(v.a.value)}</td>
      <td className="n">{num(v.b.value)}</td>
      <td className={`n on-traffic__delta on-traffic__delta--${tone}`}>{signed(v.delta.value)}</td>
      <td className="n">{ci(v.delta.ci95)}</td>
      <td className="n">{pText(v.delta.p)}</td>
    </>
  );
}

/** The weights' diagnostics in a sentence: the figures IPS and SNIPS rest on. */
function supportLine(s: TrafficEstimateView['support']): string {
  const largest = s.largestWeight === null ? 'unbounded' : s.largestWeight.toFixed(2);
  return (
    `IPS and SNIPS rest on ${Math.round(s.impressions).toLocaleString()} logged impressions of B's items, worth ` +
    `${Math.round(s.effectiveSampleSize).toLocaleString()} equally weighted ones (effective sample size); the largest weight ` +
    `${largest}. B's item was not shown in ${(s.unseenShare * 100).toFixed(1)}% of B's places on the logged searches, and never in ` +
    `${(s.neverShownShare * 100).toFixed(1)}%.`
  );
}

/** Which estimate to read first and why; and, where IPS and SNIPS lack support, what they lack. */
function Headline({ view }: { view: TrafficEstimateView }) {
  const head = view.estimates.find((e) => e.estimator === view.headline);
  if (!head) return null;
  const why =
    view.headline === 'dr'
      ? 'it takes the model where the log never showed B’s items and corrects it by the clicks where it did'
      : 'the correction DR adds to the model is weighted as IPS is, and the log does not support those weights here';
  const { problems } = view.support;
  return (
    <div className={problems.length ? 'panel-card__banner' : 'on-traffic__headline'} role="status" data-testid="on-traffic-headline">
      {problems.length ? <TriangleAlert size={15} aria-hidden="true" /> : null}
      <span>
        <strong>
          {NAMES[head.estimator].name}: B − A {signed(head.delta.value)} ({ci(head.delta.ci95)}, p {pText(head.delta.p)})
        </strong>{' '}
        — the headline, because {why}.
        {problems.length ? (
          <>
            {' '}
            Unreliable here:{' '}
            {problems.map((p, i) => (
              <span key={p.words}>
                {i ? '; ' : ''}
                {p.estimators.map((e) => NAMES[e].name).join(', ')} — {p.words}
              </span>
            ))}
            .
          </>
        ) : null}
      </span>
    </div>
  );
}

const OUTCOME_NAMES: Record<TrafficEstimateView['outcomes'][number]['outcome'], { name: string; says: string }> = {
  ctr: { name: 'Click-through', says: 'the share of searches with at least one click in the first k' },
  carts: { name: 'Add-to-carts', says: "per search: each rank's click chance × the item's add-to-carts per click in the log" },
  purchases: { name: 'Purchases', says: "per search: each rank's click chance × the item's purchases per click in the log" },
};

/**
 * An experiment's or a batch's B estimated on the workspace's traffic: every estimator, click-through, add-to-carts and
 * purchases by the model, the queries B loses clicks on, the interleaving replay and the coverage. Shown where its
 * subject is: `kind` says which panel this is (Workspace's for experiments, a batch's own for that batch).
 */
export function OnTrafficPanel({ kind, id, name: given }: { kind: 'experiment' | 'batch'; id?: string; name?: string }) {
  const state = useAppStore((s) => s.onTraffic);
  const { openOnTraffic, setOnTrafficModel, closeOnTraffic } = useAppStore.getState();
  const subject = state.subject;
  if (!subject || subject.kind !== kind || (subject.kind === 'batch' && subject.id !== id)) return null;
  const view = state.call.result;
  const busy = state.call.status === 'sending';
  const name = given ?? (subject.kind === 'experiment' ? subject.file.replace(/\.json$/, '') : (view?.subject.name ?? 'this batch'));
  const losers = view ? view.queries.filter((q) => q.delta <= -LOSES_CLICKS) : [];
  return (
    <PanelCard
      label="On traffic"
      testId="on-traffic"
      openKey={subject.kind === 'experiment' ? subject.file : subject.id}
      icon={<ShoppingCart size={16} aria-hidden="true" />}
      title={`On traffic: ${name}`}
      tools={
        <>
          <Segmented
            label="Click model"
            value={state.model}
            onChange={(m) => void setOnTrafficModel(m)}
            options={[
              { value: 'pbm', label: 'PBM' },
              { value: 'dbn', label: 'DBN' },
            ]}
          />
          <Button
            size="sm"
            variant="ghost"
            icon={<RefreshCw size={13} aria-hidden="true" />}
            disabled={busy}
            onClick={() => void openOnTraffic(subject)}
          >
            Estimate again
          </Button>
        </>
      }
      onClose={closeOnTraffic}
      closeLabel="Close On traffic"
      error={state.call.error}
    >
      {busy || !view ? (
        state.call.error ? null : (
          <div className="on-traffic__busy" role="status" aria-busy="true">
            Replaying the traffic: asking side B for its rankings, fitting the click model and refitting it on 60 bootstrap replicates…
          </div>
        )
      ) : (
        <>
          <p className="small muted">
            Expected clicks in the first {view.k} per search, had B ({view.b.configuration}) answered the {view.searches.toLocaleString()}{' '}
            first pages logged under A ({view.a.configuration}: {view.a.why}); {view.model.toUpperCase()} fitted on the whole store; 95%
            intervals by a bootstrap over sessions that refits the model ({view.replicates} replicates, seed {view.seed}: the same seed
            gives the same figures here and on the command line, <code>--seed {view.seed}</code>).
          </p>
          {view.lowCoverage ? (
            <div className="panel-card__banner" role="status" data-testid="on-traffic-low-coverage">
              <TriangleAlert size={15} aria-hidden="true" />
              <span>
                Only {Math.round(view.coverage * 100)}% of B's top {view.k} items were ever shown for their query in this log: the estimates
                rest mostly on the model's guess for the rest (taken as neither better nor worse than what A showed there), not on shoppers'
                clicks. IPS and SNIPS give those items nothing.
              </span>
            </div>
          ) : null}
          <div className="on-traffic__coverage" aria-label={`Coverage ${Math.round(view.coverage * 100)}%`}>
            <span>Coverage</span>
            <span className="on-traffic__bar">
              <span style={{ width: `${Math.round(view.coverage * 100)}%` }} />
            </span>
            <strong>{Math.round(view.coverage * 100)}%</strong>
            <span className="small muted">of B's top {view.k} items the log showed for their query</span>
          </div>
          <Headline view={view} />
          <table className="on-traffic__table" aria-label={`Clicks@${view.k} per search on traffic`}>
            <ValueHead first="Estimator" />
            <tbody>
              {view.estimates.map((e) => (
                <tr
                  key={e.estimator}
                  data-testid={`on-traffic-${e.estimator}`}
                  className={
                    e.estimator === view.headline ? 'on-traffic__row--headline' : e.unreliable ? 'on-traffic__row--unreliable' : undefined
                  }
                >
                  <th scope="row" title={e.unreliable ? `Unreliable here: ${e.unreliable}` : NAMES[e.estimator].says}>
                    {NAMES[e.estimator].name}
                    {e.estimator === view.headline ? <span className="badge">headline</span> : null}
                    {e.unreliable ? <span className="badge badge--warning">unreliable</span> : null}
                    {e.clip && e.clip.clippedShare > 0 ? (
                      <span className="small muted">
                        {' '}
                        · clip {e.clip.at}: {(e.clip.clippedShare * 100).toFixed(1)}% cut
                      </span>
                    ) : null}
                  </th>
                  <ValueCells values={e} />
                </tr>
              ))}
            </tbody>
          </table>
          <p className="small muted" data-testid="on-traffic-support">
            {supportLine(view.support)}
          </p>
          <DeltaChart view={view} />
          {view.outcomes.length ? (
            <table className="on-traffic__table" aria-label="Click-through and conversions per search on traffic, by the model">
              <ValueHead first="By the model, per search" />
              <tbody>
                {view.outcomes.map((o) => (
                  <tr key={o.outcome} data-testid={`on-traffic-outcome-${o.outcome}`}>
                    <th scope="row" title={OUTCOME_NAMES[o.outcome].says}>
                      {OUTCOME_NAMES[o.outcome].name}
                    </th>
                    <ValueCells values={o} />
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="small muted">The log has no add-to-carts or purchases on first pages: only clicks are estimated.</p>
          )}
          <p className="small" data-testid="on-traffic-losers">
            {losers.length ? (
              <>
                <strong>
                  B loses clicks on {losers.length.toLocaleString()} of {view.queries.length.toLocaleString()} queries
                </strong>{' '}
                (≥ {LOSES_CLICKS} clicks@{view.k} per search, by the model); the most clicks lost in all:{' '}
                {losers.slice(0, 5).map((q, i) => (
                  <span key={q.query}>
                    {i ? ', ' : ''}
                    <span className="mono">{q.query}</span> {signed(q.delta)} per search × {q.searches.toLocaleString()}
                  </span>
                ))}
                {kind === 'batch' ? ' — the triage table marks them.' : '.'}
              </>
            ) : (
              <>B loses no query's clicks by {LOSES_CLICKS} or more per search, by the model.</>
            )}
          </p>
          <p className="small" data-testid="on-traffic-interleaving">
            <strong>Interleaving replay</strong> (team draft, each search&apos;s chances of a win and a loss exact under the model — no
            draw, so no seed moves it): B won {Math.round(view.interleaving.wins).toLocaleString()} searches, lost{' '}
            {Math.round(view.interleaving.losses).toLocaleString('en-US')}, tied{' '}
            {Math.round(view.interleaving.ties).toLocaleString('en-US')} (expected counts) — sign test p {pText(view.interleaving.delta.p)}.
          </p>
          <p className="small muted">
            {plural(view.contexts, '(query, context) pair')} asked of {view.b.profile} in {(view.ms.rankings / 1000).toFixed(1)} s;
            estimated in {((view.ms.log + view.ms.estimate) / 1000).toFixed(1)} s. How each estimator works and how far each was from the
            simulator's truth: the Estimates on traffic guide.
          </p>
        </>
      )}
    </PanelCard>
  );
}
