import { Play } from 'lucide-react';
import { useMemo, useState } from 'react';
import { parseQueryList } from '@shared/compare/queries';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FileImportButton } from '../../components/FileImportButton';
import { useAppStore } from '../../store/store';
import { Segmented } from '../../components/Segmented';

const baseName = (file: string) => file.replace(/\.[^.]+$/, '');

/**
 * The batch name after a file is imported: the new file's name, unless the user typed a name of their own
 * (one that is not the name the previous import gave).
 */
export function nameAfterImport(current: string, previousFile: string, file: string): string {
  const given = current.trim() === '' || (previousFile !== '' && current === baseName(previousFile));
  return given ? baseName(file) : current;
}

/** A query list (pasted, or a text or CSV file) run on both sides as set above. */
export function BatchForm() {
  const draft = useAppStore((s) => s.compare.draft);
  const setDraft = useAppStore((s) => s.setBatchDraft);
  const start = useAppStore((s) => s.startBatch);
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const parsed = useMemo(() => parseQueryList(draft.text, draft.fileName), [draft.text, draft.fileName]);

  const readFile = async (file: File) => {
    setFileError(null);
    if (file.size > 20 * 1024 * 1024) return setFileError(`${file.name} is larger than 20 MB; split the list.`);
    const text = await file.text();
    setDraft({ text, fileName: file.name, name: nameAfterImport(draft.name, draft.fileName, file.name) });
  };

  return (
    <section className="batch-form" aria-label="New batch comparison">
      <h2 className="batch-form__title">New batch</h2>
      <Field label="Name" htmlFor="batch-name">
        <input
          id="batch-name"
          className="input input--sm"
          value={draft.name}
          placeholder="default vs bestsellers, week 47"
          onChange={(e) => setDraft({ name: e.target.value })}
        />
      </Field>
      <Field
        label="Queries"
        htmlFor="batch-queries"
        hint="One query per line — or CSV with a header: query, and any of filter, facets (brand:Korvo|Halden; colour:Black), variables (segment=premium) — or a workspace query set (.json)."
        actions={
          <FileImportButton
            label="Import file…"
            accept=".txt,.csv,.json,.jsonl,.ndjson,text/plain,text/csv,application/json"
            inputLabel="Import a query list"
            testId="batch-file"
            onFile={(file) => void readFile(file)}
          />
        }
      >
        <textarea
          id="batch-queries"
          className="input mono small"
          rows={8}
          spellCheck={false}
          value={draft.text}
          placeholder={'jacket\nrunning shoe\nblack hoodie'}
          onChange={(e) => setDraft({ text: e.target.value, fileName: '' })}
        />
      </Field>
      <p className="small" data-testid="batch-count">
        {parsed.rows.length.toLocaleString('en-US')} {parsed.rows.length === 1 ? 'query' : 'queries'}
        {parsed.format === 'csv'
          ? ' (CSV)'
          : parsed.format === 'query-set'
            ? ' (query set)'
            : parsed.format === 'jsonl'
              ? ' (JSON Lines)'
              : ''}
        {draft.fileName ? ` from ${draft.fileName}` : ''}
      </p>
      {fileError ? <p className="diag diag--error">{fileError}</p> : null}
      {parsed.problems.slice(0, 5).map((p) => (
        <p key={`${p.line}-${p.message}`} className="diag diag--warning">
          Line {p.line}: {p.message}
        </p>
      ))}
      {parsed.problems.length > 5 ? <p className="diag diag--warning">…and {parsed.problems.length - 5} more lines skipped.</p> : null}
      <div className="batch-form__row">
        <Field
          label="Pace"
          hint={
            draft.pace === 'auto'
              ? "Finds the service's capacity from its own refusals (429, 503) and stays just under it."
              : 'Queries in flight at once (both sides each), as fast as the service answers.'
          }
        >
          <Segmented
            label="Pace"
            value={draft.pace}
            onChange={(pace) => setDraft({ pace })}
            options={[
              { value: 'fixed', label: 'Fixed' },
              { value: 'auto', label: 'Auto', title: 'Paced from the service’s 429 and 503 answers' },
            ]}
          />
        </Field>
        {draft.pace === 'fixed' ? (
          <Field label="Concurrency" htmlFor="batch-concurrency">
            <input
              id="batch-concurrency"
              className="input input--sm"
              type="number"
              min={1}
              max={32}
              value={draft.concurrency}
              onChange={(e) => setDraft({ concurrency: Math.max(1, Math.min(32, Number(e.target.value) || 1)) })}
            />
          </Field>
        ) : null}
        <Button
          variant="primary"
          icon={<Play size={14} aria-hidden="true" />}
          disabled={busy || parsed.rows.length === 0}
          onClick={async () => {
            setBusy(true);
            await start(parsed.rows);
            setBusy(false);
          }}
        >
          Run {parsed.rows.length ? parsed.rows.length.toLocaleString('en-US') : ''} on both sides
        </Button>
      </div>
    </section>
  );
}
