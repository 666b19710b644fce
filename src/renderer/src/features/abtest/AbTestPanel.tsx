import { BarChart3, Pencil, RefreshCw, Split } from 'lucide-react';
import { AB_METRICS, type AbMetric, type AbTest, notStarted, testSpan } from '@shared/abtest';
import { Button } from '../../components/Button';
import { PanelCard } from '../../components/PanelCard';
import { Segmented } from '../../components/Segmented';
import { useAppStore } from '../../store/store';
import { AbTestEditor } from './AbTestEditor';
import { CupedLine, Guardrails } from './AbBeyond';
import { BaselinePlan, METRIC_NAMES, PlanReached, SrmLine } from './AbReadout';
import { LiftChart } from './LiftChart';
import { LiftsTable, SegmentsTable, VariationsTable } from './AbTables';
import { VariationLookup } from './VariationLookup';
import './abtest.css';

const EFFECTS = [0.02, 0.05, 0.1, 0.2];
const ALPHAS = [0.01, 0.05, 0.1];

/** Where a test is on the calendar today: not started, running (day n), or ended. */
export function testStatus(test: Pick<AbTest, 'start' | 'end'>, now = Date.now()): string {
  const span = testSpan(test);
  if (now < span.start) return `starts ${test.start.slice(0, 10)}`;
  if (span.end !== null && now >= span.end) return `ended ${test.end?.slice(0, 10)}`;
  const day = Math.floor((now - span.start) / 86_400_000) + 1;
  return `running, day ${day}${span.end !== null ? ` of ${Math.round((span.end - span.start) / 86_400_000)}` : ''}`;
}

function Settings() {
  const settings = useAppStore((s) => s.abtest.settings);
  const set = useAppStore.getState().setAbSettings;
  return (
    <div className="abtest-settings">
      <Segmented<AbMetric>
        label="Metric"
        showLabel
        value={settings.metric}
        onChange={(metric) => void set({ metric })}
        options={AB_METRICS.map((m) => ({ value: m, label: METRIC_NAMES[m] }))}
      />
      <label className="small">
        Minimum effect{' '}
        <select
          className="input input--sm"
          aria-label="Minimum detectable effect"
          value={settings.minimumEffect}
          onChange={(e) => void set({ minimumEffect: Number(e.target.value) })}
        >
          {EFFECTS.map((e) => (
            <option key={e} value={e}>
              {`+${e * 100}%`}
            </option>
          ))}
        </select>
      </label>
      <label className="small">
        α{' '}
        <select
          className="input input--sm"
          aria-label="Alpha"
          value={settings.alpha}
          onChange={(e) => void set({ alpha: Number(e.target.value) })}
        >
          {ALPHAS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Readout({ test }: { test: AbTest }) {
  const call = useAppStore((s) => s.abtest.readout);
  const k = useAppStore((s) => s.abtest.settings.k);
  const view = call.result;
  if (notStarted(test))
    return (
      <p className="small muted" data-testid="abtest-not-started">
        The test starts {test.start.slice(0, 10)}: nothing to read yet. The planner below says how many users and days it needs.
      </p>
    );
  if (call.error)
    return (
      <p className="diag diag--error" role="alert">
        {call.error.message}
      </p>
    );
  if (!view)
    return call.status === 'sending' ? (
      <p className="small muted" role="status" aria-busy="true">
        Reading the test from the traffic…
      </p>
    ) : null;
  const { searches } = view;
  return (
    <div className="abtest-readout" data-testid="abtest-readout" aria-busy={call.status === 'sending'}>
      <SrmLine view={view} />
      <p className="small muted">
        {searches.logged.toLocaleString('en-US')} searches tied by the variation they were logged with,{' '}
        {searches.bucketed.toLocaleString('en-US')} by bucketing the user id
        {searches.unknownVariation
          ? `; ${searches.unknownVariation.toLocaleString('en-US')} logged with a variation the test does not have (left out)`
          : ''}
        . Intervals are over users (the unit the storefront randomises), by the delta method
        {view.metric === 'revenue' && view.revenueCap !== null
          ? `; revenue winsorized at ${view.revenueCap.toFixed(2)} per user (the 99.9th percentile), so one large basket does not decide it`
          : ''}
        .
      </p>
      <VariationsTable view={view} k={k} />
      <LiftsTable view={view} />
      <CupedLine view={view} />
      <Guardrails view={view} />
      <LiftChart view={view} />
      <p className="small muted">
        The always-valid interval is a mixture sequential probability ratio test (mSPRT, normal mixture with τ = the minimum effect × the
        control’s rate = {view.tau.toPrecision(3)}): it may be read every day and stays right. The fixed-horizon test (Welch) holds only
        when read once, at the planned size.
      </p>
      <PlanReached view={view} />
      <SegmentsTable view={view} />
      {view.warnings.map((w) => (
        <p key={w} className="diag diag--warning small">
          {w}
        </p>
      ))}
    </div>
  );
}

/** An A/B test of the workspace, opened: which variation a customer got, what the test says so far, and its plan. */
export function AbTestPanel() {
  const state = useAppStore((s) => s.abtest);
  const { closeAbTest, editAbTest, readAbTest, planAbTest } = useAppStore.getState();
  if (!state.file && !state.editing) return null;
  const { test, editing } = state;
  const plan = state.plan;
  return (
    <PanelCard
      label="A/B test"
      testId="abtest-panel"
      className="abtest-panel"
      openKey={`${state.file ?? ''}\u0000${editing ? 'edit' : 'read'}`}
      icon={<Split size={16} aria-hidden="true" />}
      title={
        test ? (
          <>
            {test.name} <span className="small muted mono">{test.id}</span> <span className="badge badge--muted">{testStatus(test)}</span>
          </>
        ) : editing ? (
          'New A/B test'
        ) : (
          'A/B test'
        )
      }
      tools={
        test && !editing ? (
          <>
            <Button size="sm" variant="ghost" icon={<Pencil size={13} aria-hidden="true" />} onClick={() => editAbTest()}>
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              icon={<RefreshCw size={13} aria-hidden="true" className={state.readout.status === 'sending' ? 'spin' : undefined} />}
              onClick={() => void Promise.all([readAbTest(), planAbTest()])}
            >
              Read again
            </Button>
          </>
        ) : null
      }
      onClose={closeAbTest}
      closeLabel="Close the A/B test"
      error={state.load.error}
    >
      {editing ? <AbTestEditor key={editing.file ?? 'new'} draft={editing.draft} file={editing.file} /> : null}
      {state.save.result?.warnings.map((w) => (
        <p key={w} className="diag diag--warning small">
          {w}
        </p>
      ))}
      {test && !editing ? (
        <>
          <VariationLookup test={test} />
          <section className="abtest-section" aria-label="Readout">
            <h4>
              <BarChart3 size={14} aria-hidden="true" /> Readout from the traffic
            </h4>
            <Settings />
            <Readout test={test} />
          </section>
          {/* Once it has started, the test's size is the one its readout plans from its own control: said there, once. */}
          {notStarted(test) ? (
            <section className="abtest-section" aria-label="Planner">
              <h4>Planner</h4>
              {plan.error ? (
                <p className="diag diag--error" role="alert">
                  {plan.error.message}
                </p>
              ) : plan.result ? (
                <BaselinePlan plan={plan.result} metric={state.settings.metric} />
              ) : (
                <p className="small muted">Planning from the traffic…</p>
              )}
            </section>
          ) : null}
        </>
      ) : null}
    </PanelCard>
  );
}
