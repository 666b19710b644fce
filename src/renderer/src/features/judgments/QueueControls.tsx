import { useState } from 'react';
import type { JudgingQueue as Queue, Intent } from '@shared/judgments';
import { Button } from '../../components/Button';
import { FileImportButton } from '../../components/FileImportButton';
import { readJsonFile } from '../../components/read-json-file';
import { Segmented } from '../../components/Segmented';
import { useAppStore } from '../../store/store';
import { IntentEditor, intentSummary } from './IntentEditor';

/*
 * The judging queue's controls for more than one rater and for rating rules: who rates and whose items the
 * queue holds, the rules attached to the list, and the query's intent as the rules read it.
 */

/** Who rates, and whose items the queue holds: the unrated ones (a calibration share of others' too), or a second opinion. */
export function OpinionBar({ queue }: { queue: Queue }) {
  const { setRater, setQueueOptions } = useAppStore.getState();
  const options = useAppStore((s) => s.queueOptions);
  const [name, setName] = useState(queue.rater);
  return (
    <div className="judging__opinions small" role="group" aria-label="Rater">
      <label className="judging__rater">
        <span className="muted">Rating as</span>
        <input
          className="input input--sm"
          value={name}
          aria-label="Rater name"
          placeholder="your name"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              e.stopPropagation();
              void setRater(name);
            }
          }}
        />
      </label>
      <Button size="sm" variant="ghost" disabled={name.trim() === queue.rater} onClick={() => void setRater(name)}>
        Switch rater
      </Button>
      <Segmented
        label="Queue"
        value={options.judgeDisagrees ? 'judge' : options.shoppersDisagree ? 'shoppers' : options.secondOpinion ? 'second' : 'unrated'}
        onChange={(v) =>
          void setQueueOptions({ secondOpinion: v === 'second', shoppersDisagree: v === 'shoppers', judgeDisagrees: v === 'judge' })
        }
        options={[
          { value: 'unrated', label: 'Unrated items' },
          { value: 'second', label: 'Second opinion', title: 'Items someone else rated and you have not; their rating stays hidden' },
          {
            value: 'shoppers',
            label: 'Shoppers disagree',
            title: "Items people and shoppers (the list's clicks' ratings) rated differently, farthest apart first",
          },
          {
            value: 'judge',
            label: 'Judge disagrees',
            title:
              "Items people and a language model judge (the list's llm: ratings, from Ask a judge) rated differently, farthest apart first",
          },
        ]}
      />
      {options.secondOpinion && queue.raters.length ? (
        <label className="judging__rater">
          <span className="muted">on the items of</span>
          <select
            className="input input--sm"
            aria-label="Second opinion on the items of"
            value={options.secondOf}
            onChange={(e) => void setQueueOptions({ secondOf: e.target.value })}
          >
            <option value="">anyone</option>
            {queue.raters.map((r) => (
              <option key={r} value={r}>
                {r || '(no name)'}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {!options.secondOpinion && !options.shoppersDisagree && !options.judgeDisagrees ? (
        <label
          className="judging__calibration"
          title="A seeded sample of items others rated joins your queue, so raters overlap on purpose"
        >
          <input
            type="checkbox"
            checked={options.calibration > 0}
            onChange={(e) => void setQueueOptions({ calibration: e.target.checked ? 0.1 : 0 })}
          />{' '}
          Calibration (10% of others’ items)
        </label>
      ) : null}
    </div>
  );
}

/** The rules attached to the queue's list: how many, attach from a rules file, or take them off. */
export function RulesControl({ queue }: { queue: Queue }) {
  const setRules = useAppStore((s) => s.setQueueRules);
  const [problem, setProblem] = useState<string | null>(null);
  const attach = async (file: File) => {
    setProblem(null);
    const read = await readJsonFile(file);
    if (read.ok) await setRules(read.value);
    else setProblem(read.message);
  };
  return (
    <span className="judging__rules">
      {queue.rules ? (
        <>
          <span className="badge" data-testid="judging-rules">
            {queue.rules} rating rules
          </span>
          <Button size="sm" variant="ghost" onClick={() => void setRules(null)} title="Take the rules off this judgment list">
            Remove rules
          </Button>
        </>
      ) : (
        <FileImportButton
          label="Attach rules…"
          accept=".json,application/json"
          inputLabel="Attach rating rules"
          testId="judging-rules-file"
          onFile={(file) => void attach(file)}
        />
      )}
      {problem ? (
        <span className="diag diag--error" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The query's intent as the rules read it, attribute by attribute; "proposed" when the query set had none.
 * Edit (or Keep, for a proposal) saves it into the query set, and the suggestions follow.
 */
export function IntentLine({ query, intent, proposed }: { query: string; intent: Intent | undefined; proposed: boolean }) {
  const save = useAppStore((s) => s.setQueryIntent);
  const [editing, setEditing] = useState(false);
  if (editing)
    return <IntentEditor query={query} initial={intent} onSave={(next) => save(query, next)} onCancel={() => setEditing(false)} />;
  const summary = intentSummary(intent);
  return (
    <p className="judging-intent small" data-testid="judging-intent">
      <span className="muted">Intent{proposed ? ' (proposed from the query)' : ''}:</span>{' '}
      {summary || <em className="muted">none — no rule that needs one applies</em>}{' '}
      {proposed && intent ? (
        <Button size="sm" variant="ghost" onClick={() => void save(query, intent)}>
          Keep
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
        Edit
      </Button>
    </p>
  );
}
