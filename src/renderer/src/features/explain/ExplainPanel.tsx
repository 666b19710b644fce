import { Play, Sigma, Square, Undo2 } from 'lucide-react';
import { useMemo } from 'react';
import { ratingsCountedText } from '@shared/compare';
import { explainDifferences, EXPLAIN_MEASURES, type ExplainMeasure, shapleyPlan } from '@shared/explain';
import type { ExplainView } from '@shared/explain';
import type { RatingsCounted } from '@shared/judgments';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { Segmented } from '../../components/Segmented';
import { useAppStore } from '../../store/store';
import { ExplainResult } from './ExplainResult';
import './explain.css';

const MEASURE_NAMES: Record<ExplainMeasure, string> = {
  rbo: 'Ranking change',
  top: 'Top result',
  count: 'Count',
  ndcg: 'nDCG',
  clicks: 'Clicks on traffic',
};
const MEASURE_TITLES: Record<ExplainMeasure, string> = {
  rbo: '1 − RBO against side A (p = 0.9), as Compare measures it',
  top: '1 when the first item differs from side A’s, else 0',
  count: 'The result count minus side A’s',
  ndcg: 'nDCG@10 minus side A’s, against the active judgment list',
  clicks: 'Expected clicks in the first 10 minus side A’s, by the click model (PBM) fitted on the workspace’s shopper traffic',
};

/** The profile names for ids, for the profile difference. */
export function useProfileName(): (id: string) => string | undefined {
  const profiles = useAppStore((s) => s.profiles);
  return (id) => profiles?.profiles.find((p) => p.id === id)?.name;
}

/** The measure picker; nDCG is offered only with a judgment list to measure against (its name, and the ratings it counts). */
export function MeasurePicker({ ndcg, ratings }: { ndcg: string | null; ratings?: RatingsCounted | undefined }) {
  const measure = useAppStore((s) => s.explain.measure);
  const setMeasure = useAppStore((s) => s.setExplainMeasure);
  return (
    <Segmented
      label="Measure"
      value={measure}
      onChange={setMeasure}
      options={EXPLAIN_MEASURES.filter((m) => m !== 'ndcg' || ndcg).map((m) => ({
        value: m,
        label: MEASURE_NAMES[m],
        title: m === 'ndcg' ? `${MEASURE_TITLES.ndcg} (${ndcg}; ${ratingsCountedText(ratings)})` : MEASURE_TITLES[m],
      }))}
    />
  );
}

/** Progress of the explanation in flight, with Cancel. */
export function ExplainProgress() {
  const progress = useAppStore((s) => s.explain.progress);
  const cancel = useAppStore((s) => s.cancelExplain);
  return (
    <div className="explain-progress" role="status" aria-live="polite">
      <ProgressBar label="Explanation progress" value={progress?.done ?? 0} max={progress?.total || 1} />
      <span className="small muted">
        {progress ? `${progress.done} of ${progress.total} requests${progress.failed ? ` · ${progress.failed} failed` : ''}` : 'Starting…'}
      </span>
      <Button size="sm" variant="ghost" icon={<Square size={12} aria-hidden="true" />} onClick={cancel}>
        Cancel
      </Button>
    </div>
  );
}

/** Why an explanation could not be made, or its result. */
export function ExplainOutcome({ children }: { children: (view: ExplainView) => React.ReactNode }) {
  const call = useAppStore((s) => s.explain.call);
  if (call.error)
    return (
      <p className="diag diag--error small" role="alert">
        {call.error.message}
      </p>
    );
  return call.result ? <>{children(call.result)}</> : null;
}

/** While one difference's own side by side is on screen: what side B is now, and the way back. */
export function ExplainBanner() {
  const restoreB = useAppStore((s) => s.explain.restoreB);
  const label = useAppStore((s) => s.compare.sides.b.label);
  const back = useAppStore((s) => s.backToSides);
  const patch = useAppStore((s) => s.patchCompare);
  if (!restoreB) return null;
  return (
    <div className="explain-banner" role="note" data-testid="explain-banner">
      <span>
        Side B is <strong>{label}</strong>: side A with only that difference from <strong>{restoreB.label}</strong>.
      </span>
      <span className="explain-banner__actions">
        <Button size="sm" variant="ghost" icon={<Sigma size={12} aria-hidden="true" />} onClick={() => patch({ panel: 'explain' })}>
          Explanation
        </Button>
        <Button size="sm" variant="ghost" icon={<Undo2 size={12} aria-hidden="true" />} onClick={() => void back()}>
          Back to A vs B
        </Button>
      </span>
    </div>
  );
}

/**
 * Compare's Explain view: which of the differences between the sides moved the answer, by how much — from the
 * requests in between, the budget shown before anything is sent.
 */
export function ExplainPanel() {
  const explain = useAppStore((s) => s.explain);
  const compare = useAppStore((s) => s.compare);
  const comparedSides = useAppStore((s) => s.comparedSides);
  const currentAnswers = useAppStore((s) => s.currentAnswers);
  const explainKey = useAppStore((s) => s.explainKey);
  const run = useAppStore((s) => s.explainQuery);
  const show = useAppStore((s) => s.showDifference);
  const judgments = useAppStore((s) => s.settings?.activeJudgments || null);
  const profileName = useProfileName();
  const running = explain.call.status === 'sending';

  // The sides as the next explanation would send them, and what that costs.
  const plan = useMemo(() => {
    const sides = comparedSides();
    const { differences, notAttributed } = explainDifferences(sides);
    const masks = shapleyPlan(Math.min(differences.length, 30)).masks.length;
    const reused = differences.length ? Object.keys(currentAnswers()).length : 0;
    return { n: differences.length, notAttributed, masks, reused, query: sides.query };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the sides, answers and profiles are in `compare`
  }, [compare.sides, compare.query, compare.limit, compare.answers, compare.pinnedA, comparedSides, currentAnswers]);
  const stale = explain.call.result && !explain.call.result.batchId && explain.explained !== explainKey();
  const reason = compare.pinnedA
    ? 'Side A is a pinned answer from history: unpin it to explain.'
    : !plan.query.trim()
      ? 'Type the query to explain.'
      : plan.n < 2
        ? plan.n === 0
          ? 'The sides do not differ in any parameter an explanation attributes: nothing to explain.'
          : 'The sides differ in one parameter: it is the whole change. Make them differ in two or more (configuration, filter, variables, profile, token) to explain.'
        : null;

  return (
    <section className="explain" aria-label="Explain the difference" data-testid="explain-panel">
      <div className="explain__head">
        <h2 className="explain__title">
          <Sigma size={16} aria-hidden="true" /> Which difference moved what
        </h2>
        <MeasurePicker ndcg={judgments} />
        <span className="small muted" data-testid="explain-budget">
          {plan.n} difference{plan.n === 1 ? '' : 's'} → {plan.n ? plan.masks : 0} requests
          {plan.reused ? ` (${plan.reused} answer${plan.reused === 1 ? '' : 's'} on screen reused)` : ''}
          {plan.n > 5 ? ', sampled orders' : ''}
        </span>
        {running ? null : (
          <Button
            variant="primary"
            size="sm"
            icon={<Play size={12} aria-hidden="true" />}
            disabled={reason !== null}
            title={reason ?? 'Send the requests in between and attribute the change'}
            onClick={() => void run()}
          >
            Explain
          </Button>
        )}
      </div>
      {reason && !explain.call.result ? <p className="muted small">{reason}</p> : null}
      {plan.notAttributed.length && !explain.call.result ? (
        <p className="muted small">Not attributed (held at side A’s value): {plan.notAttributed.map((n) => n.name).join(', ')}.</p>
      ) : null}
      {running ? <ExplainProgress /> : null}
      {stale ? (
        <p className="diag diag--warning small">
          The sides or the query changed since this explanation: explain again to bring it up to date.
        </p>
      ) : null}
      <ExplainOutcome>
        {(view) => (view.batchId ? null : <ExplainResult view={view} profileName={profileName} onShow={(d) => void show(d)} />)}
      </ExplainOutcome>
      {!explain.call.result && !running && !reason ? (
        <p className="muted small">
          Explain sends side A with each combination of B’s differences and shares the change out fairly (Shapley values): a difference that
          matters only together with another gets half of what they do together.
        </p>
      ) : null}
    </section>
  );
}
