import { GitCompareArrows } from 'lucide-react';
import {
  changeIsNoise,
  describeDifference,
  type Difference,
  formatShare,
  leftOutSentence,
  MEASURE_LABELS,
  explanationSentence,
  type ReportDifference,
} from '@shared/explain';
import type { ExplainView } from '@shared/explain';
import { Button } from '../../components/Button';

const num = (x: number) => `${x < 0 ? '−' : ''}${Math.abs(x).toFixed(3)}`;

/** A difference in words, with profile ids shown as the profiles' names. */
export function differenceText(d: Difference, profileName: (id: string) => string | undefined): string {
  if (d.name !== 'profile') return describeDifference(d);
  const name = (v: unknown) => (typeof v === 'string' ? (profileName(v) ?? v) : 'the active profile');
  return `profile ${name(d.a)} → ${name(d.b)}`;
}

/**
 * An explanation as a ranked list: each difference's share of the change as a bar (a negative one pulls the
 * other way, drawn to the left), its φ with its standard error or interval, and what to open next.
 */
export function ExplainResult({
  view,
  profileName,
  onShow,
  onQuery,
}: {
  view: ExplainView;
  profileName: (id: string) => string | undefined;
  /** One query: opens A against A with that difference, side by side. */
  onShow?: (d: ReportDifference) => void;
  /** A query set: opens one of the queries where the difference mattered. */
  onQuery?: (index: number) => void;
}) {
  const negative = view.differences.some((d) => d.share !== null && d.share < 0);
  const sentence = explanationSentence(view);
  // Too small a change to share out (within noise, or parts that nearly cancel): said, and no share shown.
  const noisy = changeIsNoise(view) !== null;
  const shareOf = (d: ReportDifference) => (noisy ? null : d.share);
  return (
    <div className="explain-result" data-testid="explain-result">
      <p className="explain-result__sentence" data-testid="explain-sentence">
        {view.differences.length && view.total && !noisy ? (
          <>
            {view.differences.map((d, i) => (
              <span key={d.name}>
                {i ? ' · ' : ''}
                <strong>{differenceText(d, profileName)}</strong>: {formatShare(d.share)}
                {i === 0 ? ' of the change' : ''}
              </span>
            ))}
          </>
        ) : (
          sentence
        )}
      </p>
      <ol className="stack-list explain-list" aria-label="Differences, largest part first">
        {view.differences.map((d) => {
          const share = shareOf(d) ?? 0;
          const width = `${Math.min(100, Math.abs(share) * 100)}%`;
          return (
            <li key={d.name} className="explain-row" data-testid="explain-row" data-name={d.name}>
              <div className="explain-row__head">
                <span className="explain-row__name">{differenceText(d, profileName)}</span>
                <span className={`explain-row__share${share < 0 ? ' is-negative' : ''}`}>{formatShare(shareOf(d))}</span>
              </div>
              <div className="explain-row__track" aria-hidden="true">
                <span className={`explain-row__fill${share < 0 ? ' explain-row__fill--negative' : ''}`} style={{ width }} />
              </div>
              <div className="explain-row__meta small muted">
                <span>
                  φ {num(d.phi)}
                  {d.stderr !== undefined && d.stderr !== null ? ` ± ${d.stderr.toFixed(3)} (standard error)` : ''}
                  {d.ci95 ? ` · 95% CI ${num(d.ci95[0])} … ${num(d.ci95[1])}` : ''}
                </span>
                {onShow ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={<GitCompareArrows size={12} aria-hidden="true" />}
                    onClick={() => onShow(d)}
                    title="Compare A with A plus only this difference, side by side"
                  >
                    A vs A + this
                  </Button>
                ) : null}
              </div>
              {d.top?.length && onQuery ? (
                <div className="explain-row__queries small">
                  <span className="muted">Mattered most for</span>
                  {d.top.map((t) => (
                    <button
                      key={t.index}
                      type="button"
                      className="chip"
                      onClick={() => onQuery(t.index)}
                      title={`φ ${num(t.phi)} for this query`}
                    >
                      {t.query} <span className="muted">{num(t.phi)}</span>
                    </button>
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="small muted explain-result__foot" data-testid="explain-foot">
        {MEASURE_LABELS[view.measure]}: whole change {view.total === null ? '—' : num(view.total)}
        {view.totalCi95 ? ` (95% CI ${num(view.totalCi95[0])} … ${num(view.totalCi95[1])})` : ''}
        {view.queries > 1 ? `, mean over ${view.queries} queries` : ''}. Shapley values
        {view.exact ? ' (exact)' : `, sampled from ${view.permutations ?? 0} orders within the budget`}: each difference’s average part over
        every order of adding B’s differences to A; the parts add up to the whole change.
        {negative ? ' A negative share pulls the other way: without it the change would be larger.' : ''} {view.requests} distinct requests
        {view.reused ? ` (${view.reused} answers reused)` : ''}.{leftOutSentence(view.leftOut) ? ` ${leftOutSentence(view.leftOut)}` : ''}
      </p>
      {view.notAttributed.length ? (
        <ul className="small muted explain-result__held" aria-label="Not attributed">
          {view.notAttributed.map((n) => (
            <li key={n.name}>
              Not attributed: <code>{n.name}</code> — {n.reason}.
            </li>
          ))}
        </ul>
      ) : null}
      {view.errors.length ? (
        <ul className="small diag diag--error" aria-label="Queries that could not be explained">
          {view.errors.slice(0, 5).map((e) => (
            <li key={e.query}>
              “{e.query}”: {e.error}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
