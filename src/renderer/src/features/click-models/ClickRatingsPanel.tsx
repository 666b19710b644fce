import type { ClickRatingsView } from '@shared/click-models';
import {
  checkThresholds,
  type ClickModelChoice,
  type ClickModelKind,
  clickModelsFitCli,
  iterationsName,
  type ModelSelection,
} from '@shared/click-models';
import { defaultsOf } from '@shared/operations';
import { useMemo, useState } from 'react';
import { MousePointerClick } from 'lucide-react';
import { workbench } from '../../bridge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ShowInWorkspace } from '../../components/ShowInWorkspace';
import { ClickItemsTable, f3 } from './ClickItemsTable';
import { Segmented } from '../../components/Segmented';
import { useAppStore } from '../../store/store';
import { PositionChart } from './PositionChart';
import './click-models.css';
import { plural } from '@shared/text';

/** The width's rule: the very schema the operation parses it with. */
const widthRule = clickModelsFitCli.input.shape.maxWidth;

const MODELS: { value: ClickModelChoice; label: string; title: string }[] = [
  {
    value: 'auto',
    label: 'Auto',
    title: 'PBM or DBN, whichever predicts the clicks of searches held out of the fit better (log-likelihood)',
  },
  {
    value: 'pbm',
    label: 'PBM',
    title: 'Position-based model, maximum likelihood: how often each rank is looked at, and each item’s attractiveness α',
  },
  {
    value: 'dbn',
    label: 'DBN',
    title: 'Dynamic Bayesian network by EM: attractiveness α and satisfaction σ per item; the estimate is α·σ',
  },
  {
    value: 'coec',
    label: 'COEC',
    title: 'Clicks over expected clicks: an item’s clicks over the click-through of the ranks it was shown at',
  },
];

/** How PBM and DBN predicted the held-out searches' clicks: the chosen one first, per rank perplexity beside. */
function SelectionTable({ selection }: { selection: ModelSelection }) {
  const ranks = selection.models[0]?.perplexityByRank.length ?? 0;
  return (
    <figure className="click-ratings__selection" data-testid="click-selection">
      <figcaption className="small muted">
        {`Chosen on ${selection.heldOut.toLocaleString('en-US')} searches held out of the fit: the higher log-likelihood wins; perplexity 1 is a perfect prediction, 2 a coin’s`}
      </figcaption>
      <table className="click-ratings__selection-table small">
        <thead>
          <tr>
            <th scope="col">model</th>
            <th scope="col" className="n">
              log-likelihood
            </th>
            <th scope="col" className="n">
              perplexity
            </th>
            {Array.from({ length: ranks }, (_, r) => (
              <th key={r} scope="col" className="n" title={`Perplexity at rank ${r + 1}`}>
                {r + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {selection.models.map((m) => (
            <tr key={m.model} className={m.model === selection.chosen ? 'click-ratings__chosen' : undefined}>
              <th scope="row">{`${m.model.toUpperCase()}${m.model === selection.chosen ? ' ✓' : ''}`}</th>
              <td className="n mono">{m.logLikelihood.toFixed(4)}</td>
              <td className="n mono">{m.perplexity.toFixed(4)}</td>
              {m.perplexityByRank.map((p, r) => (
                <td key={r} className="n mono">
                  {p.toFixed(3)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
const curveLabel = (model: ClickModelKind) =>
  model === 'pbm' ? 'Examination θ_k by rank (θ_1 = 1)' : model === 'dbn' ? 'Share of pages read to each rank' : 'Click-through by rank';

/**
 * The interval column's reach: the widest rated item's upper bound, and every estimate — not the needs-traffic items'
 * bounds (COEC's reach 50 where the rated stay under 2, which drew every dot at the left edge); a bound beyond it
 * runs to the edge.
 */
export function intervalScale(items: readonly { estimate: number; ci95: [number, number]; rating: number | null }[]): number {
  const reach = items.flatMap((i) => [i.estimate, ...(i.rating !== null && Number.isFinite(i.ci95[1]) ? [i.ci95[1]] : [])]);
  return Math.max(1e-9, ...reach.filter(Number.isFinite));
}

/** Shoppers → Ratings from clicks: a click model fitted on the store, its ratings, saved as a judgment list. */
export function ClickRatingsPanel() {
  const filter = useAppStore((s) => s.traffic.filter);
  const listed = useAppStore((s) => s.workspaceList.result?.items.judgments);
  const lists = useMemo(() => (listed ?? []).filter((i) => !i.problem), [listed]);
  const [model, setModel] = useState<ClickModelChoice>(defaultsOf(clickModelsFitCli).model!);
  const [maxWidth, setMaxWidth] = useState(String(defaultsOf(clickModelsFitCli).maxWidth!));
  const [into, setInto] = useState('');
  const [thresholds, setThresholds] = useState<string[] | null>(null);
  const [text, setText] = useState('');
  const [state, setState] = useState<{ busy: boolean; view: ClickRatingsView | null; error: string | null; saved: string | null }>({
    busy: false,
    view: null,
    error: null,
    saved: null,
  });
  // The thresholds and the width as typed, checked by the rules the command line checks them by: nothing is sent while
  // one is wrong, and the message says which and why.
  const given = thresholds?.map((t) => (t.trim() === '' ? Number.NaN : Number(t)));
  const thresholdProblem = given ? checkThresholds(given, given.length) : null;
  const width = maxWidth.trim() === '' ? Number.NaN : Number(maxWidth);
  const widthProblem = widthRule.safeParse(width).success ? null : 'the widest interval is a number above 0';
  const input = () => ({
    model,
    maxWidth: width,
    filter,
    ...(into ? { into } : {}),
    ...(given && !thresholdProblem ? { thresholds: given } : {}),
  });
  const fit = async (keepThresholds: boolean) => {
    if (widthProblem || (keepThresholds && thresholdProblem)) return;
    setState((s) => ({ ...s, busy: true, error: null, saved: null }));
    const r = await workbench().clickModels.fit(keepThresholds ? input() : { ...input(), thresholds: undefined });
    if (r.ok) {
      setThresholds(r.value.thresholds.values.map(String));
      setState({ busy: false, view: r.value, error: null, saved: null });
    } else setState((s) => ({ ...s, busy: false, error: r.error.message }));
  };
  const save = async () => {
    if (widthProblem || thresholdProblem) return;
    setState((s) => ({ ...s, busy: true, error: null, saved: null }));
    const r = await workbench().clickModels.save({ ...input(), name: `Clicks (${state.view?.model ?? model})` });
    if (r.ok) {
      setState((s) => ({
        ...s,
        busy: false,
        saved: `Saved ${r.value.ratings.toLocaleString('en-US')} clicks’ ratings in ${r.value.file}`,
      }));
      void useAppStore.getState().loadWorkspace();
    } else setState((s) => ({ ...s, busy: false, error: r.error.message }));
  };
  const view = state.view;
  const rows = useMemo(() => {
    const words = text.trim().toLowerCase();
    return (view?.items ?? []).filter((i) => !words || i.query.toLowerCase().includes(words));
  }, [view, text]);
  const scale = view ? intervalScale(view.items) : 1;
  return (
    <div className="click-ratings" data-testid="click-ratings">
      <form
        className="click-ratings__form"
        onSubmit={(e) => {
          e.preventDefault();
          void fit(false);
        }}
      >
        <Segmented label="Click model" showLabel value={model} onChange={setModel} options={MODELS} />
        <label className="small" title="An item is rated only when its 95% interval is at most this wide; wider, it needs traffic">
          Widest interval{' '}
          <input
            className="input input--sm mono click-ratings__width"
            aria-label="Widest interval rated"
            aria-invalid={widthProblem ? true : undefined}
            aria-describedby={widthProblem ? 'click-width-problem' : undefined}
            inputMode="decimal"
            value={maxWidth}
            onChange={(e) => setMaxWidth(e.target.value)}
          />
        </label>
        <label className="small">
          Rate for{' '}
          <select className="input input--sm" aria-label="Judgment list" value={into} onChange={(e) => setInto(e.target.value)}>
            <option value="">a new list (scale 0–3, equal shares)</option>
            {lists.map((l) => (
              <option key={l.file} value={l.file}>{`${l.name} — thresholds matched to its people`}</option>
            ))}
          </select>
        </label>
        <Button
          type="submit"
          size="sm"
          variant="primary"
          disabled={state.busy || widthProblem !== null}
          icon={<MousePointerClick size={13} aria-hidden="true" />}
        >
          {state.busy ? 'Fitting…' : 'Fit'}
        </Button>
      </form>
      {widthProblem ? (
        <p className="small danger" role="alert" id="click-width-problem">
          {`Widest interval: ${widthProblem}, got ${JSON.stringify(maxWidth)}.`}
        </p>
      ) : null}
      {state.error ? (
        <p className="small danger" role="alert">
          {state.error}
        </p>
      ) : null}
      {!view && !state.busy && !state.error ? (
        <EmptyState icon={MousePointerClick} title="Ratings from what shoppers clicked">
          Pick a click model and press Fit: each (query, item) gets an estimate corrected for where shoppers looked, with its 95% interval,
          and — where that interval is no wider than the widest rated — a rating on the list&apos;s scale. Save them as a judgment list and
          count them in an experiment with “+ clicks’”.
        </EmptyState>
      ) : null}
      {view ? (
        <>
          <p className="small" role="status" data-testid="click-summary">
            {`${view.model.toUpperCase()} on ${view.searches.toLocaleString('en-US')} first pages (${view.patterns.toLocaleString('en-US')} patterns) in ${view.ms.toLocaleString('en-US')} ms` +
              (view.iterations
                ? `, ${view.iterations} ${iterationsName(view.model)}${view.converged ? '' : ' (stopped at the cap)'}`
                : '') +
              (view.continuation !== undefined ? `, continuation γ ${f3(view.continuation)}` : '') +
              ` · ${view.rated.toLocaleString('en-US')} rated, ${view.needsTraffic.toLocaleString('en-US')} need traffic (95% interval wider than ${view.maxWidth})`}
          </p>
          <div className="click-ratings__top">
            <figure className="click-ratings__curve">
              <figcaption className="small muted">{curveLabel(view.model)}</figcaption>
              <PositionChart positions={view.positions} label={curveLabel(view.model)} />
            </figure>
            <div className="click-ratings__thresholds">
              <p className="small muted">{`Thresholds (${view.thresholds.from === 'people' ? 'matched to people’s ratings' : view.thresholds.from === 'given' ? 'as given' : 'equal shares'}): the estimate each rating starts at`}</p>
              {thresholds?.map((t, i) => (
                <label key={i} className="small click-ratings__threshold">
                  {`rating ${i + 1} from`}
                  <input
                    className="input input--sm mono"
                    aria-label={`Threshold for rating ${i + 1}`}
                    aria-invalid={thresholdProblem ? true : undefined}
                    aria-describedby={thresholdProblem ? 'click-threshold-problem' : undefined}
                    inputMode="decimal"
                    value={t}
                    onChange={(e) => setThresholds((all) => all!.map((x, j) => (j === i ? e.target.value : x)))}
                  />
                </label>
              ))}
              <span className="click-ratings__actions">
                <Button size="sm" variant="secondary" disabled={state.busy || thresholdProblem !== null} onClick={() => void fit(true)}>
                  Rate with these
                </Button>
                <Button
                  size="sm"
                  variant="primary"
                  disabled={state.busy || view.rated === 0 || thresholdProblem !== null}
                  onClick={() => void save()}
                >
                  {into ? 'Save into the list' : 'Save as judgment list'}
                </Button>
              </span>
              {thresholdProblem ? (
                <p className="small danger" role="alert" id="click-threshold-problem">
                  {`Thresholds: ${thresholdProblem}.`}
                </p>
              ) : null}
              {state.saved ? (
                <p className="small">
                  <span role="status">{state.saved}</span> <ShowInWorkspace />
                </p>
              ) : null}
              {view.agreement ? (
                <p className="small" data-testid="click-agreement">
                  {view.agreement.needed > 0
                    ? `${plural(view.agreement.items, 'item')} rated by both people and clicks: ${view.agreement.needed} more before agreement is given.`
                    : `Against people on ${plural(view.agreement.items, 'item')}: weighted κ ${view.agreement.weightedKappa === null ? '—' : f3(view.agreement.weightedKappa)}, Krippendorff’s α ${view.agreement.alpha === null ? '—' : f3(view.agreement.alpha)}, same rating ${(view.agreement.exact * 100).toFixed(0)}%.`}
                </p>
              ) : null}
            </div>
          </div>
          {view.selection ? <SelectionTable selection={view.selection} /> : null}
          <input
            className="input input--sm"
            aria-label="Filter by query"
            placeholder="Filter by query words, e.g. dress"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <ClickItemsTable view={view} rows={rows} scale={scale} />
        </>
      ) : null}
    </div>
  );
}
