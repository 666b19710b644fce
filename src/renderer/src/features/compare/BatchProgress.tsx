import { Pause, Play, RotateCcw, Square } from 'lucide-react';
import { KIND_WORDS, type BatchProgress as Progress } from '@shared/compare';
import type { RequestKind } from '@shared/request';
import { formatDuration } from '@shared/text';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { useAppStore } from '../../store/store';

/** How far a batch is (done, failed, remaining, pace, ETA) and what can be done about it: pause, cancel, resume, rerun. */
export function BatchProgress({
  progress,
  kind,
  cause,
}: {
  progress: Progress;
  kind: RequestKind;
  cause: { count: number; message: string } | null;
}) {
  const control = useAppStore((s) => s.controlBatch);
  const words = KIND_WORDS[kind];
  return (
    <div className="batch-progress" data-testid="batch-progress">
      <ProgressBar label="Batch progress" value={progress.done} max={progress.total} />
      <div className="batch-progress__stats">
        <span className={`badge status-${progress.status}`} data-testid="batch-status">
          {progress.status}
        </span>
        <span>
          <strong>{progress.done.toLocaleString('en-US')}</strong> done
        </span>
        <span>
          <strong>{progress.failed.toLocaleString('en-US')}</strong> failed
        </span>
        <span>
          <strong>{progress.remaining.toLocaleString('en-US')}</strong> remaining
        </span>
        {kind !== 'search' ? <span className="badge">{words.title}</span> : null}
        {progress.ratePerSecond ? (
          <span>
            {progress.ratePerSecond.toFixed(1)} {words.rows}/s
          </span>
        ) : null}
        {progress.pace ? (
          <span title="Automatic pace: the requests a second it settled on, from the service's refusals for load">
            auto {Math.round(progress.pace.requestsPerSecond)} requests/s · {progress.pace.throttled} refused
          </span>
        ) : null}
        {progress.etaMs !== null ? <span>ETA {formatDuration(progress.etaMs)}</span> : null}
      </div>
      <div className="batch-progress__controls">
        {progress.status === 'running' ? (
          <>
            <Button size="sm" icon={<Pause size={13} aria-hidden="true" />} onClick={() => void control('pause')}>
              Pause
            </Button>
            <Button size="sm" variant="danger" icon={<Square size={13} aria-hidden="true" />} onClick={() => void control('cancel')}>
              Cancel
            </Button>
          </>
        ) : progress.remaining > 0 ? (
          <Button size="sm" variant="primary" icon={<Play size={13} aria-hidden="true" />} onClick={() => void control('resume')}>
            {progress.status === 'interrupted' ? 'Resume interrupted run' : 'Resume'}
          </Button>
        ) : null}
        {progress.status !== 'running' && progress.failed > 0 && !cause ? (
          <Button size="sm" icon={<RotateCcw size={13} aria-hidden="true" />} onClick={() => void control('rerun-failed')}>
            Rerun {progress.failed} failed
          </Button>
        ) : null}
      </div>
    </div>
  );
}
