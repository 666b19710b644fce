import { ArrowLeft, CheckCheck, RefreshCw, SkipForward, Undo2 } from 'lucide-react';
import type { JudgingQueue as Queue } from '@shared/judgments';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { modKey } from '../../shell/keys';
import { useAppStore } from '../../store/store';
import { RulesControl } from './QueueControls';

/** The queue's head: back, what is judged into which list, and the tools — rules, undo, refresh, the run. */
export function QueueHead({ queue }: { queue: Queue }) {
  const steps = useAppStore((s) => s.ratingSteps.length);
  const { closeQueue, undoRating, openQueue, openBatch, setArea } = useAppStore.getState();
  return (
    <header className="judging__head">
      <Button size="sm" variant="ghost" icon={<ArrowLeft size={13} aria-hidden="true" />} onClick={closeQueue}>
        Workspace
      </Button>
      <h2 className="judging__title">Judging {queue.experiment.name}</h2>
      <span className="small muted">
        into “{queue.experiment.judgments.name}” (0–{queue.scale.max}, relevant from {queue.scale.threshold}) · top {queue.k} of both sides,
        pooled
      </span>
      <div className="judging__tools">
        <RulesControl queue={queue} />
        <Button
          size="sm"
          variant="ghost"
          icon={<Undo2 size={13} aria-hidden="true" />}
          onClick={() => void undoRating()}
          disabled={steps === 0}
        >
          Undo
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={<RefreshCw size={13} aria-hidden="true" />}
          onClick={() => void openQueue(queue.experiment.file)}
          title="Pool again from the newest run and the list as it is on disk"
        >
          Refresh
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setArea('compare');
            void openBatch(queue.experiment.batchId);
          }}
        >
          Open the run
        </Button>
      </div>
    </header>
  );
}

/** How much of the pool is rated, what is left, and whether the run is still answering. */
export function QueueProgress({ queue }: { queue: Queue }) {
  const left = queue.queries.reduce((n, q) => n + q.items.length, 0);
  return (
    <div className="judging__progress">
      <ProgressBar label="Pooled items rated" value={queue.rated} max={queue.total} />
      <span className="small" data-testid="judging-progress">
        <strong>{queue.rated.toLocaleString('en-US')}</strong> of {queue.total.toLocaleString('en-US')} rated
        {left
          ? ` · ${left.toLocaleString('en-US')} left in ${queue.queries.length} ${queue.queries.length === 1 ? 'query' : 'queries'}`
          : ''}
      </span>
      {queue.experiment.answered < queue.experiment.queries ? (
        <span className="small muted">
          The run has answered {queue.experiment.answered} of {queue.experiment.queries} queries so far; Refresh pools the rest.
        </span>
      ) : null}
    </div>
  );
}

/** Nothing left to rate: every pooled item, or every one awaiting a second opinion. */
export function QueueDone({ queue }: { queue: Queue }) {
  return (
    <div className="empty-state empty-state--inline">
      {queue.judgeDisagrees ? (
        <>
          <h2 className="empty-state__title">People and the judge agree on every pooled item</h2>
          <p className="muted">
            No pooled item has both a person’s rating and a judge’s that differ. A judge’s ratings come from Workspace → Judgment lists →
            Ask a judge, into this judgment list beside its ratings.
          </p>
        </>
      ) : queue.shoppersDisagree ? (
        <>
          <h2 className="empty-state__title">People and shoppers agree on every pooled item</h2>
          <p className="muted">
            No pooled item has both a person’s rating and a clicks’ rating that differ. Clicks’ ratings come from Shoppers → Ratings from
            clicks, saved into this judgment list.
          </p>
        </>
      ) : queue.secondOpinion ? (
        <>
          <h2 className="empty-state__title">Nothing waits for a second opinion from {queue.rater || 'you'}</h2>
          <p className="muted">
            Every pooled item someone else rated has your rating too, or nobody else has rated yet. The judgment list’s Agreement view says
            how far the raters agree.
          </p>
        </>
      ) : (
        <>
          <h2 className="empty-state__title">Every pooled item is rated</h2>
          <p className="muted">
            {queue.total.toLocaleString('en-US')} items from both sides’ top {queue.k} have a rating. Open the run to see the quality
            figures with them, or run the experiment again after a change.
          </p>
        </>
      )}
    </div>
  );
}

/** The keys of the queue, skip, confirm the query's suggestions, and a button per rating for the focused card. */
export function QueueKeys({
  queue,
  query,
  item,
  suggested,
  refused,
}: {
  queue: Queue;
  query: string;
  item: Queue['queries'][number]['items'][number] | undefined;
  suggested: number;
  refused: string | null;
}) {
  const { rateInQueue, skipInQueue, confirmSuggestions } = useAppStore.getState();
  return (
    <div className="judging__keys small muted">
      <span>
        <kbd>0</kbd>–<kbd>{queue.scale.max}</kbd> rate the focused card
      </span>
      {queue.rules ? (
        <span>
          <kbd>Enter</kbd> confirm the suggestion
        </span>
      ) : null}
      <span>
        <kbd>S</kbd> skip
      </span>
      <span>
        <kbd>←</kbd>
        <kbd>→</kbd> move
      </span>
      <span>
        <kbd>{modKey()}</kbd>+<kbd>Z</kbd> undo
      </span>
      {refused ? (
        <span className="judging__refused" role="status" data-testid="rating-refused">
          {refused}
        </span>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        icon={<SkipForward size={13} aria-hidden="true" />}
        onClick={() => item && void skipInQueue(query, item.id)}
      >
        Skip
      </Button>
      {suggested ? (
        <Button
          size="sm"
          variant="ghost"
          icon={<CheckCheck size={13} aria-hidden="true" />}
          onClick={() => void confirmSuggestions(query)}
          title="Rates every card of this query that has a suggestion with it: for when you have read them all"
        >
          {suggested === 1 ? 'Confirm the suggestion for this query' : `Confirm all ${suggested} suggestions for this query`}
        </Button>
      ) : null}
      <span className="judging__rate" role="group" aria-label="Rate the focused card">
        {Array.from({ length: queue.scale.max + 1 }, (_, r) => (
          <Button key={r} size="sm" onClick={() => item && void rateInQueue(query, item.id, r)}>
            {r}
          </Button>
        ))}
      </span>
    </div>
  );
}
