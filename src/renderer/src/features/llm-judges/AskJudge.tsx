import { Bot, Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { JudgeEstimateView, JudgeProgressView, JudgeRunView, JudgeView } from '@shared/llm-judges';
import type { WorkbenchError } from '@shared/ipc';
import { workbench } from '../../bridge';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';
import { IntInput } from '../../components/IntInput';
import { ProgressBar } from '../../components/ProgressBar';
import { useAppStore } from '../../store/store';
import { JudgeForm } from './JudgeForm';
import { PromptEditor } from './PromptEditor';
import './llm-judges.css';

const tokens = (n: number) => n.toLocaleString('en-US');
const money = (n: number) => (n === 0 ? '0' : n < 0.01 ? n.toFixed(4) : n.toFixed(2));

/**
 * Workspace → Judgments → Ask a judge: a language model rates the pool of a query set (its top k on the configurations
 * given). The estimate comes first (pairs, what is cached, tokens and cost); the run shows its progress and can be
 * paused — the verdicts so far are cached, so running it again resumes where it stopped.
 */
export function AskJudge({ onDone }: { onDone: () => void }) {
  const listing = useAppStore((s) => s.workspaceList.result);
  const openAgreement = useAppStore((s) => s.openAgreement);
  const loadWorkspace = useAppStore((s) => s.loadWorkspace);
  const querySets = listing?.items['query-sets'] ?? [];
  const lists = listing?.items.judgments ?? [];
  const [judges, setJudges] = useState<JudgeView[] | null>(null);
  const [judge, setJudge] = useState('');
  const [adding, setAdding] = useState(false);
  const [querySet, setQuerySet] = useState('');
  const [into, setInto] = useState('');
  const [configurations, setConfigurations] = useState('');
  const [k, setK] = useState(10);
  const [maxCost, setMaxCost] = useState('');
  const [mask, setMask] = useState('');
  const [estimate, setEstimate] = useState<JudgeEstimateView | null>(null);
  const [progress, setProgress] = useState<JudgeProgressView | null>(null);
  const [result, setResult] = useState<JudgeRunView | null>(null);
  const [error, setError] = useState<WorkbenchError | null>(null);
  const [state, setState] = useState<'idle' | 'estimating' | 'running'>('idle');

  const refresh = (pick?: string) =>
    workbench()
      .llmJudges.list({})
      .then((r) => {
        if (!r.ok) return setError(r.error);
        setJudges(r.value);
        setJudge((current) => pick ?? (current || r.value[0]?.id || ''));
      });
  useEffect(() => {
    void refresh();
    return workbench().onLlmJudgesProgress((p) => setProgress(p));
  }, []);
  // The query set chosen, else the first one listed.
  const set = querySet || querySets[0]?.file || '';

  const cost = maxCost.trim() === '' ? undefined : Number(maxCost);
  const costProblem = cost !== undefined && (!Number.isFinite(cost) || cost < 0) ? 'The cost limit is a number, 0 or more.' : null;
  const input = () => ({
    judge,
    querySet: set,
    k,
    configurations: configurations.trim() ? configurations.split(',').map((c) => c.trim()) : [''],
    ...(into ? { into } : {}),
    ...(mask.trim() ? { mask: mask.trim() } : {}),
    ...(cost !== undefined && !costProblem ? { maxCost: cost } : {}),
  });
  const chosen = judges?.find((j) => j.id === judge);
  const ready = Boolean(judge && set) && !costProblem && state === 'idle';

  const runEstimate = async () => {
    setState('estimating');
    setError(null);
    const r = await workbench().llmJudges.estimate(input());
    setState('idle');
    if (r.ok) setEstimate(r.value);
    else setError(r.error);
  };
  const run = async () => {
    setState('running');
    setError(null);
    setResult(null);
    setProgress(null);
    const r = await workbench().llmJudges.run({ ...input(), name: `Judge ${chosen?.name ?? judge}` });
    setState('idle');
    if (r.ok) {
      setResult(r.value);
      setEstimate(null);
      void loadWorkspace();
    } else setError(r.error);
  };

  return (
    <section className="ws-form judge-ask" aria-label="Ask a judge">
      <h3 className="judge-ask__title">
        <Bot size={15} aria-hidden="true" /> Ask a judge
      </h3>
      <p className="small muted">
        A language model rates each item of a query set&apos;s pool, one item per request, on the list&apos;s scale. Its ratings are by{' '}
        <span className="mono">llm:&lt;model&gt;</span> with its reason, and count only where you ask (
        <span className="mono">people+llm</span>): set it against people in the list&apos;s agreement view first.
      </p>
      <div className="ws-form__row">
        <label className="small ws-form__scale">
          Judge
          <select
            className="input input--sm"
            aria-label="Judge"
            value={judge}
            onChange={(e) => setJudge(e.target.value)}
            disabled={!judges}
          >
            {(judges ?? []).map((j) => (
              <option key={j.id} value={j.id}>
                {j.name} ({j.model}
                {j.demo ? `, error rate ${j.demo.errorRate}` : j.hasKey ? '' : ', no key'})
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" variant="ghost" onClick={() => setAdding((a) => !a)} aria-expanded={adding}>
          Add a judge…
        </Button>
      </div>
      {adding ? (
        <JudgeForm
          onSaved={(id) => {
            setAdding(false);
            void refresh(id);
          }}
        />
      ) : null}
      {judges && judges.length === 0 ? (
        <p className="small muted">
          No judge yet: add one (an OpenAI-compatible endpoint, its model and key), or start Local demo for its own.
        </p>
      ) : null}
      <div className="ws-form__row">
        <label className="small ws-form__scale">
          Query set
          <select
            className="input input--sm"
            aria-label="Query set to judge"
            value={querySet}
            onChange={(e) => setQuerySet(e.target.value)}
          >
            {querySets.map((q) => (
              <option key={q.file} value={q.file}>
                {q.name}
              </option>
            ))}
          </select>
        </label>
        <IntInput label="top" ariaLabel="Top k to pool" value={k} min={1} max={50} fallback={10} onChange={setK} />
        <input
          className="input input--sm"
          aria-label="Configurations to pool from"
          placeholder="Configurations: default"
          title="The configurations whose top k is pooled, comma-separated; empty: the default configuration"
          value={configurations}
          onChange={(e) => setConfigurations(e.target.value)}
        />
      </div>
      <div className="ws-form__row">
        <label className="small ws-form__scale">
          Into
          <select
            className="input input--sm"
            aria-label="Judgment list the ratings go into"
            value={into}
            onChange={(e) => setInto(e.target.value)}
          >
            <option value="">a new list</option>
            {lists.map((l) => (
              <option key={l.file} value={l.file}>
                {l.name} (beside its ratings)
              </option>
            ))}
          </select>
        </label>
        <label className="small ws-form__scale">
          Stop at a cost of
          <input
            className="input input--sm judge-ask__cost"
            aria-label="Cost limit"
            inputMode="decimal"
            placeholder="no limit"
            value={maxCost}
            aria-invalid={costProblem ? true : undefined}
            onChange={(e) => setMaxCost(e.target.value)}
          />
        </label>
      </div>
      <div className="ws-form__row">
        <input
          className="input input--sm mono"
          aria-label="Fields the judge is shown"
          placeholder="Fields shown: id, product(title, brand, category, colour, gender, material, price, tags)"
          title="A response mask, as on Search: the fields of each item the judge is shown"
          value={mask}
          onChange={(e) => setMask(e.target.value)}
        />
      </div>
      <PromptEditor />
      {costProblem ? (
        <p className="diag diag--error small" role="alert">
          {costProblem}
        </p>
      ) : null}
      <div className="ws-form__row">
        <Button size="sm" onClick={() => void runEstimate()} disabled={!ready}>
          {state === 'estimating' ? 'Estimating…' : 'Estimate'}
        </Button>
        <Button size="sm" variant="primary" icon={<Play size={13} aria-hidden="true" />} onClick={() => void run()} disabled={!ready}>
          Judge
        </Button>
        {state === 'running' ? (
          <Button size="sm" icon={<Pause size={13} aria-hidden="true" />} onClick={() => void workbench().llmJudges.cancel({})}>
            Pause
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onDone}>
          Close
        </Button>
      </div>
      {estimate ? (
        <p className="small" data-testid="judge-estimate" role="status">
          {estimate.pairs} pairs to rate: {estimate.toAsk} to ask, {estimate.cached} from the cache; about {tokens(estimate.tokens.prompt)}{' '}
          input + {tokens(estimate.tokens.completion)} output tokens, cost about {money(estimate.cost)}
          {chosen && chosen.priceIn === 0 && chosen.priceOut === 0 ? ' (no prices set: a local model)' : ' in your prices’ currency'}.
          {estimate.failed.length ? ` ${estimate.failed.length} searches failed while pooling: ${estimate.failed[0]!.message}` : ''}
        </p>
      ) : null}
      {state === 'running' ? (
        <div className="judge-ask__progress" role="status" aria-live="polite">
          <ProgressBar label="Pairs judged" value={progress?.done ?? 0} max={progress?.total ?? 1} />
          <span className="small" data-testid="judge-progress">
            {progress
              ? `${progress.done} of ${progress.total} judged (${progress.cached} cached, ${progress.noVerdict} without a verdict), cost ${money(progress.cost)}`
              : 'Pooling the query set…'}
          </span>
        </div>
      ) : null}
      {result ? (
        <div className="judge-ask__result" data-testid="judge-result" role="status">
          <p className="small">
            {result.stopped === 'cancelled' ? 'Paused: ' : result.stopped === 'max-cost' ? 'Stopped at the cost limit: ' : ''}
            {result.rated} of {result.pairs} pairs rated ({result.cached} from the cache), {result.noVerdict} without a verdict,{' '}
            {result.failedPairs} failed; {result.requests} requests, {tokens(result.tokens.prompt)} + {tokens(result.tokens.completion)}{' '}
            tokens, cost {money(result.cost)}. Saved in <span className="mono">{result.file}</span>.
            {result.stopped ? ' Judge again to resume: what was judged comes from the cache.' : ''}
          </p>
          {result.problems.length ? (
            <ul className="small judge-ask__problems">
              {result.problems.slice(0, 5).map((p) => (
                <li key={`${p.query}\u0000${p.itemId}`}>
                  {p.query} / <span className="mono">{p.itemId}</span>: {p.problem}
                </li>
              ))}
            </ul>
          ) : null}
          <Button size="sm" onClick={() => openAgreement(result.file)}>
            Agreement
          </Button>
        </div>
      ) : null}
      <ErrorLine error={error} />
    </section>
  );
}
