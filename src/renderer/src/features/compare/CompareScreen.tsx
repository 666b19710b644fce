import { ArrowLeftRight, ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatAgo } from '@shared/text';
import { Button } from '../../components/Button';
import { Segmented } from '../../components/Segmented';
import { modKey } from '../../shell/keys';
import { useAppStore } from '../../store/store';
import { useLanguageContext } from '../../request-ui/builder-context';
import { QueryBar } from '../../request-ui/QueryBar';
import { useProfileContext } from '../../request-ui/use-profile-context';
import { useSendShortcut } from '../../request-ui/use-send-shortcut';
import { HistoryDrawer } from '../history';
import { BatchForm } from './BatchForm';
import { BatchRun } from './BatchRun';
import { MatrixPanel, matrixSpecOf } from '../matrix';
import { kindProblem, sendBlocker } from './compare-state';
import { KindCompare } from './KindCompare';
import { KindFields } from './KindFields';
import { SideCard } from './SideCard';
import { SingleCompare } from './SingleCompare';
import './compare.css';

function BatchList() {
  const batches = useAppStore((s) => s.compare.batches);
  const open = useAppStore((s) => s.openBatch);
  if (batches.length === 0)
    return <p className="muted small batch-list__empty">No batch yet. Runs are kept here, with their results, until you delete them.</p>;
  return (
    <ul className="stack-list" aria-label="Batches">
      {batches.map((b) => (
        <li key={b.id}>
          <button type="button" className="batch-item" onClick={() => void open(b.id)}>
            <span className="batch-item__name">{b.name}</span>
            <span className="batch-item__meta small muted">
              {b.progress.done}/{b.progress.total} · {b.progress.failed} failed · {formatAgo(b.createdAt)}
            </span>
            <span className={`badge status-${b.progress.status}`}>{b.progress.status}</span>
            <span className="batch-item__bar" aria-hidden="true">
              <span style={{ width: `${b.progress.total ? (b.progress.done / b.progress.total) * 100 : 0}%` }} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** QA's tool: two sides, one query side by side or a whole list in a batch, with the measures and reports. */
export default function CompareScreen() {
  const compare = useAppStore((s) => s.compare);
  const patch = useAppStore((s) => s.patchCompare);
  const run = useAppStore((s) => s.runComparison);
  const swap = useAppStore((s) => s.swapSides);
  const pin = useAppStore((s) => s.pinFromHistory);
  const loadBatches = useAppStore((s) => s.loadBatches);
  const { catalog } = useProfileContext();
  const context = useLanguageContext(
    catalog,
    compare.answers.a.result?.response.metadata?.facets,
    compare.answers.a.result?.response.items ?? [],
  );
  const [picking, setPicking] = useState(false);
  const [sidesOpen, setSidesOpen] = useState(true);
  // A batch that is open has its sides fixed; the editor is for what runs next.
  const editingSides = compare.mode === 'single' || (compare.mode === 'batch' && !compare.batch);
  const sending = compare.answers.a.status === 'sending' || compare.answers.b.status === 'sending';
  const kindSending = compare.kindAnswers.a.status === 'sending' || compare.kindAnswers.b.status === 'sending';
  // Why a send would do nothing, said at the button (a side's variables that are not JSON, a missing grouping).
  const blocker = sendBlocker(compare);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    void loadBatches();
  }, [loadBatches]);

  const problem = kindProblem(compare);
  const trySend = () => {
    const state = useAppStore.getState();
    if (sendBlocker(state.compare)) return setTried(true);
    setTried(false);
    void run();
  };
  useSendShortcut(() => {
    const state = useAppStore.getState();
    if (state.compare.mode === 'single') trySend();
    if (state.compare.mode === 'matrix' && state.matrix.call.status !== 'sending' && !matrixSpecOf(state.matrix).problems.length)
      void state.runMatrix();
  });

  return (
    <div className="compare-screen">
      <div className="compare-top">
        <div className="compare-top__row">
          <Segmented
            label="Mode"
            value={compare.mode}
            onChange={(mode) => patch({ mode })}
            options={[
              { value: 'single', label: 'Side by side' },
              { value: 'batch', label: 'Batch' },
              { value: 'matrix', label: 'Context matrix' },
            ]}
          />
          {compare.mode !== 'matrix' && !(compare.mode === 'batch' && compare.batch) ? (
            <Segmented
              label="Compare"
              value={compare.kind}
              onChange={(kind) => patch({ kind })}
              options={[
                { value: 'search', label: 'Search' },
                { value: 'suggest', label: 'Product suggest', title: 'Groups of items by an attribute’s values, side by side' },
                { value: 'autocomplete', label: 'Autocomplete', title: 'Suggested queries for typed prefixes, side by side' },
              ]}
            />
          ) : null}
          {editingSides ? (
            <Button
              size="sm"
              variant="ghost"
              icon={sidesOpen ? <ChevronUp size={13} aria-hidden="true" /> : <ChevronDown size={13} aria-hidden="true" />}
              aria-expanded={sidesOpen}
              onClick={() => setSidesOpen(!sidesOpen)}
            >
              {sidesOpen ? 'Hide sides' : 'Edit sides'}
            </Button>
          ) : null}
          {editingSides && !sidesOpen ? (
            <span className="sides-summary">
              {(['a', 'b'] as const).map((k) => (
                <span key={k}>
                  <span className={`side-tag side-tag--${k}`}>{k.toUpperCase()}</span> {compare.sides[k].label}
                  <span className="muted"> · {compare.sides[k].configurationId || 'tenant default'}</span>
                </span>
              ))}
            </span>
          ) : null}
        </div>
        {editingSides && sidesOpen ? (
          <div className="compare-sides">
            <SideCard side="a" context={context} onPin={() => setPicking(true)} />
            <div className="compare-sides__swap">
              <Button
                size="sm"
                variant="ghost"
                icon={<ArrowLeftRight size={14} aria-hidden="true" />}
                onClick={swap}
                title="Swap sides A and B"
              >
                Swap
              </Button>
            </div>
            <SideCard side="b" context={context} />
          </div>
        ) : null}
        {compare.mode !== 'matrix' && !(compare.mode === 'batch' && compare.batch) && compare.kind !== 'search' ? (
          <KindFields problem={problem} />
        ) : null}
        {compare.mode === 'single' ? (
          <QueryBar
            id="compare-query"
            value={compare.query}
            onChange={(query) => patch({ query })}
            onSend={trySend}
            onCancel={() => {}}
            sending={false}
            placeholder={
              compare.kind === 'autocomplete'
                ? `A prefix, as a shopper types it — ${modKey()}+Enter compares`
                : compare.kind === 'suggest'
                  ? `Query for both sides' product suggest — ${modKey()}+Enter compares`
                  : `Query for both sides (empty: browse) — ${modKey()}+Enter compares`
            }
          >
            {compare.kind === 'search' ? (
              <label className="compare-limit">
                <span className="small muted">Limit</span>
                <input
                  className="input input--sm"
                  type="number"
                  min={1}
                  max={1000}
                  value={compare.limit}
                  aria-label="Limit"
                  onChange={(e) => patch({ limit: Math.max(1, Math.min(1000, Number(e.target.value) || 1)) })}
                />
              </label>
            ) : null}
            {sending || kindSending ? <span className="small muted">Sending…</span> : null}
            {blocker ? (
              <span
                className={`diag diag--error small send-blocked${tried ? ' is-tried' : ''}`}
                role={tried ? 'alert' : undefined}
                data-testid="compare-blocked"
              >
                {blocker}
              </span>
            ) : null}
          </QueryBar>
        ) : null}
      </div>
      {compare.mode === 'single' ? (
        compare.kind === 'search' ? (
          <SingleCompare />
        ) : (
          <KindCompare kind={compare.kind} />
        )
      ) : compare.mode === 'matrix' ? (
        <MatrixPanel />
      ) : compare.batch ? (
        <BatchRun />
      ) : (
        <div className="batch-home">
          <BatchForm />
          <section className="batch-home__list" aria-label="Past batches">
            <h2 className="batch-form__title">Batches</h2>
            <BatchList />
          </section>
        </div>
      )}
      <HistoryDrawer
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(id) => {
          setPicking(false);
          void pin(id);
        }}
        pickLabel="Pin as side A"
      />
    </div>
  );
}
