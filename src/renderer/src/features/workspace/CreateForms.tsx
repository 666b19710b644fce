import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { IntInput } from '../../components/IntInput';
import { FileImportButton } from '../../components/FileImportButton';
import { Segmented } from '../../components/Segmented';
import { useAppStore } from '../../store/store';

/* Creating workspace files: a query set from a pasted list or a file, a judgment list from an import. */

/**
 * A pasted list whose one line is a column name (`query`, or a CSV header such as `query,filter`): most likely a
 * header with the queries left out, so the form asks before making a set of it.
 */
export function onlyHeader(text: string): string | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length !== 1) return null;
  return /^"?query"?(\s*,\s*"?(filter|facets|variables)"?)*$/i.test(lines[0]!) ? lines[0]! : null;
}

/** Why Create query set cannot be pressed now, or null when it can. */
export function createBlocked(source: 'paste' | 'file' | 'history', text: string, busy: boolean): string | null {
  if (busy) return 'Wait for the change under way to finish.';
  if (source === 'paste' && !text.trim())
    return 'Paste at least one query above (one per line, or CSV with a query column) to create the set.';
  return null;
}

/** A new query set: pasted, from a file (lines or the batch CSV), or the queries searched lately. */
export function NewQuerySet({ onDone }: { onDone: () => void }) {
  const create = useAppStore((s) => s.createQuerySet);
  const busy = useAppStore((s) => s.workspaceOp.status === 'sending');
  const [source, setSource] = useState<'paste' | 'file' | 'history'>('paste');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [days, setDays] = useState(7);
  // A one-line list that reads as a header: asked about once, before anything is created.
  const [askHeader, setAskHeader] = useState(false);
  const header = source === 'paste' ? onlyHeader(text) : null;
  const blocked = createBlocked(source, text, busy);
  const submit = async (from: Parameters<typeof create>[1], fallbackName: string) => {
    if (await create(name.trim() || fallbackName, from)) onDone();
  };
  return (
    <form
      className="ws-form"
      aria-label="New query set"
      onSubmit={(e) => {
        e.preventDefault();
        if (source === 'paste' && header && !askHeader) return setAskHeader(true);
        if (source === 'paste') void submit({ kind: 'text', text }, 'Pasted queries');
        if (source === 'history') void submit({ kind: 'history', days }, `Searched in the last ${days} days`);
      }}
    >
      <div className="ws-form__row">
        <input
          className="input input--sm"
          aria-label="Query set name"
          placeholder="Name (e.g. top searches, May)"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Segmented
          label="Queries from"
          value={source}
          onChange={setSource}
          options={[
            { value: 'paste', label: 'Paste' },
            { value: 'file', label: 'File' },
            { value: 'history', label: 'History' },
          ]}
        />
      </div>
      {source === 'paste' ? (
        <textarea
          className="input mono ws-form__text"
          aria-label="Queries, one per line (or CSV with a query column)"
          placeholder={'e.g.\nred dress\nnike running shoes\nwinter jacket'}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setAskHeader(false);
          }}
        />
      ) : null}
      {source === 'paste' && header && askHeader ? (
        <div className="diag diag--warning ws-form__ask" role="alert" data-testid="query-set-header-question">
          The list’s only line is <span className="mono">{header}</span>: is that a column header? Then add the queries below it.
          {/,/.test(header) ? null : (
            <>
              {' '}
              If <span className="mono">{header}</span> is the one query you mean, press Create query set again.
            </>
          )}
        </div>
      ) : null}
      {source === 'file' ? (
        <p className="small muted">
          One query per line, or CSV with a header <span className="mono">query</span> and any of <span className="mono">filter</span>,{' '}
          <span className="mono">facets</span>, <span className="mono">variables</span>, or JSON Lines (<span className="mono">.jsonl</span>
          : one <span className="mono">{'{"query": …}'}</span> entry per line, notes and expectations kept) — up to 100,000 queries.{' '}
          <FileImportButton
            label="Choose file…"
            accept=".txt,.csv,.jsonl,.ndjson,text/plain,text/csv"
            inputLabel="Query set file"
            testId="query-set-file"
            onFile={(file) =>
              void file.text().then((t) => submit({ kind: 'text', text: t, fileName: file.name }, file.name.replace(/\.[^.]+$/, '')))
            }
          />
        </p>
      ) : null}
      {source === 'history' ? (
        <label className="ws-form__row small">
          Every distinct query searched in the last
          <input
            className="input input--sm ws-form__days"
            type="number"
            min={1}
            max={365}
            value={days}
            onChange={(e) => setDays(Math.max(1, Math.min(365, Number(e.target.value) || 1)))}
          />
          days
        </label>
      ) : null}
      {source !== 'file' ? (
        <div className="ws-form__row">
          <Button
            size="sm"
            variant="primary"
            type="submit"
            disabled={blocked !== null}
            aria-describedby={blocked ? 'query-set-blocked' : undefined}
          >
            Create query set
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          {blocked ? (
            <span className="small muted" id="query-set-blocked" data-testid="query-set-blocked">
              {blocked}
            </span>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

/** A judgment list: imported from Quepid, TREC or RRE files, or empty to rate into. */
export function NewJudgments({ onDone }: { onDone: () => void }) {
  const importJudgments = useAppStore((s) => s.importJudgments);
  const createList = useAppStore((s) => s.createJudgmentList);
  const busy = useAppStore((s) => s.workspaceOp.status === 'sending');
  const [name, setName] = useState('');
  const [max, setMax] = useState(3);
  const [threshold, setThreshold] = useState(1);
  const scale = { max, threshold: Math.min(threshold, max) };
  return (
    <form
      className="ws-form"
      aria-label="New judgment list"
      onSubmit={(e) => {
        e.preventDefault();
        void createList(name.trim() || 'Judgments', scale).then((ok) => ok && onDone());
      }}
    >
      <div className="ws-form__row">
        <input
          className="input input--sm"
          aria-label="Judgment list name"
          placeholder="Name (default: the file's name)"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <IntInput label="Ratings 0 to" ariaLabel="Maximum rating" value={max} min={1} max={9} onChange={setMax} />
        <IntInput
          label="relevant from"
          ariaLabel="Relevant from rating"
          value={scale.threshold}
          min={1}
          max={max}
          onChange={setThreshold}
        />
      </div>
      <p className="small muted">
        Import Quepid CSV (<span className="mono">query,docid,rating</span>), TREC qrels (<span className="mono">qid 0 docid rel</span>) or
        RRE ratings JSON; the format is read from the file. A rating outside 0–{max} stops the import at its line, and nothing is imported.
      </p>
      <div className="ws-form__row">
        <FileImportButton
          label="Import file…"
          accept=".csv,.qrels,.txt,.json,text/csv,text/plain,application/json"
          inputLabel="Judgments file"
          testId="judgments-file"
          onFile={(file) =>
            void file.text().then(async (text) => {
              const report = await importJudgments({
                name: name.trim() || file.name.replace(/\.[^.]+$/, ''),
                text,
                fileName: file.name,
                scale,
              });
              if (report) onDone();
            })
          }
        />
        <Button size="sm" type="submit" disabled={busy} icon={<Plus size={13} aria-hidden="true" />}>
          Empty list
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
