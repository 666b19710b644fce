import { Play, Sigma } from 'lucide-react';
import { explainDifferences, shapleyPlan } from '@shared/explain';
import type { BatchView } from '@shared/compare';
import { Button } from '../../components/Button';
import { useAppStore } from '../../store/store';
import { ExplainProgress, MeasurePicker, useProfileName } from './ExplainPanel';
import { ExplainResult } from './ExplainResult';
import './explain.css';

/** A batch's Explain: the mean part of each difference over its query set, kept with the batch. */
export function BatchExplain({ batch }: { batch: BatchView }) {
  const explain = useAppStore((s) => s.explain);
  const run = useAppStore((s) => s.explainBatch);
  const openResult = useAppStore((s) => s.openBatchResult);
  const profileName = useProfileName();
  const { definition, progress } = batch;
  const { differences } = explainDifferences({ base: definition.base, a: definition.sides.a, b: definition.sides.b });
  const n = differences.length;
  const id = definition.id;
  const mine = explain.explained === `batch:${id}`;
  const running = mine && explain.call.status === 'sending';
  const error = mine ? explain.call.error : null;
  const kept = batch.explanation;
  const perQuery = n ? shapleyPlan(Math.min(n, 30)).masks.length - 2 : 0;
  const reason =
    progress.status === 'running'
      ? 'Explain once the comparison is done.'
      : n < 2
        ? 'The sides differ in fewer than two parameters: there is nothing to share out.'
        : null;
  return (
    <section className="explain explain--batch" aria-label="Explain the batch" data-testid="batch-explain">
      <div className="explain__head">
        <h2 className="explain__title">
          <Sigma size={16} aria-hidden="true" /> Which difference moved what, over the queries
        </h2>
        <MeasurePicker ndcg={definition.quality ? definition.quality.judgments.name : null} ratings={definition.quality?.ratings} />
        <span className="small muted" data-testid="explain-budget">
          {n} difference{n === 1 ? '' : 's'} → {perQuery * definition.queryCount} more requests (A and B are the batch’s)
        </span>
        {running ? null : (
          <Button
            variant={kept ? 'ghost' : 'primary'}
            size="sm"
            icon={<Play size={12} aria-hidden="true" />}
            disabled={reason !== null}
            title={reason ?? 'Send the requests in between for every query and attribute the change'}
            onClick={() => void run()}
          >
            {kept ? 'Explain again' : 'Explain'}
          </Button>
        )}
      </div>
      {reason && !kept ? <p className="muted small">{reason}</p> : null}
      {running ? <ExplainProgress /> : null}
      {error ? (
        <p className="diag diag--error small" role="alert">
          {error.message}
        </p>
      ) : null}
      {kept ? (
        <ExplainResult
          view={{ sent: 0, reused: 0, stopped: false, errors: [], ...kept }}
          profileName={profileName}
          onQuery={(i) => void openResult(i)}
        />
      ) : null}
    </section>
  );
}
