import { Loader2, Play } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { KIND_WORDS, MAX_PREFIX, prefixesOf, parseQueryList } from '@shared/compare';
import { workbench } from '../../bridge';
import { kindProblem } from './compare-state';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { IntBox } from '../../components/IntInput';
import { FileImportButton } from '../../components/FileImportButton';
import { useAppStore } from '../../store/store';
import { Segmented } from '../../components/Segmented';
import { plural } from '@shared/text';

const baseName = (file: string) => file.replace(/\.[^.]+$/, '');

/**
 * The batch name after a file is imported: the new file's name, unless the user typed a name of their own
 * (one that is not the name the previous import gave).
 */
export function nameAfterImport(current: string, previousFile: string, file: string): string {
  const given = current.trim() === '' || (previousFile !== '' && current === baseName(previousFile));
  return given ? baseName(file) : current;
}

/**
 * Autocomplete's prefixes made from a workspace query set: every prefix of
 * each query up to a length, each once, put in the list to run (and to edit).
 */
function PrefixesFromQuerySet() {
  const listing = useAppStore((s) => s.workspaceList);
  const loadWorkspace = useAppStore((s) => s.loadWorkspace);
  const setDraft = useAppStore((s) => s.setBatchDraft);
  const pushNotice = useAppStore((s) => s.pushNotice);
  const [file, setFile] = useState('');
  const [max, setMax] = useState<number>(MAX_PREFIX.default);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (listing.status === 'idle') void loadWorkspace();
  }, [listing.status, loadWorkspace]);
  const sets = (listing.result?.items['query-sets'] ?? []).filter((i) => !i.problem);
  const chosen = sets.find((i) => i.file === file) ?? sets[0];
  const make = async () => {
    if (!chosen) return;
    setBusy(true);
    const read = await workbench().querySets.read({ file: chosen.file });
    setBusy(false);
    if (!read.ok) {
      pushNotice({ id: 'prefixes', level: 'error', message: `${chosen.name} could not be read: ${read.error.message}` });
      return;
    }
    const prefixes = prefixesOf(
      read.value.queries.map((e) => e.query),
      max,
    );
    setDraft({ text: prefixes.join('\n'), fileName: '', name: `Prefixes 1–${max} of ${chosen.name}` });
  };
  if (sets.length === 0)
    return (
      <p className="small muted">
        No query set in the workspace to make prefixes from: type prefixes below, or add a query set in Workspace.
      </p>
    );
  return (
    <div className="batch-form__row batch-form__prefixes">
      <Field label="Prefixes from a query set" htmlFor="prefix-set">
        <select id="prefix-set" className="input input--sm" value={chosen?.file ?? ''} onChange={(e) => setFile(e.target.value)}>
          {sets.map((i) => (
            <option key={i.file} value={i.file}>
              {i.name}
              {i.summary ? ` (${i.summary})` : ''}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Longest prefix" htmlFor="prefix-max">
        <IntBox id="prefix-max" min={1} max={MAX_PREFIX.max} value={max} onChange={setMax} />
      </Field>
      <Button size="sm" disabled={busy || !chosen} onClick={() => void make()}>
        {busy ? 'Reading…' : 'Make prefixes'}
      </Button>
    </div>
  );
}

/** A query list (pasted, or a text or CSV file) run on both sides as set above; for autocomplete, a list of prefixes. */
export function BatchForm() {
  const kind = useAppStore((s) => s.compare.kind);
  const groupBy = useAppStore((s) => s.compare.groupBy);
  const problem = kindProblem({ kind, groupBy });
  const words = KIND_WORDS[kind];
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
      <h2 className="batch-form__title">New batch{kind === 'search' ? '' : ` · ${words.title}`}</h2>
      <Field label="Name" htmlFor="batch-name">
        <input
          id="batch-name"
          className="input input--sm"
          value={draft.name}
          placeholder="default vs bestsellers, week 47"
          onChange={(e) => setDraft({ name: e.target.value })}
        />
      </Field>
      {kind === 'autocomplete' ? <PrefixesFromQuerySet /> : null}
      <Field
        label={kind === 'autocomplete' ? 'Prefixes' : 'Queries'}
        htmlFor="batch-queries"
        hint={
          kind === 'autocomplete'
            ? 'One prefix per line, as a shopper types it — or made from a query set above.'
            : 'One query per line — or CSV with a header: query, and any of filter, facets (brand:Korvo|Halden; colour:Black), variables (segment=premium) — or a workspace query set (.json).'
        }
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
          placeholder={kind === 'autocomplete' ? 'j\nja\njac\nru' : 'jacket\nrunning shoe\nblack hoodie'}
          onChange={(e) => setDraft({ text: e.target.value, fileName: '' })}
        />
      </Field>
      <p className="small" data-testid="batch-count">
        {plural(parsed.rows.length, words.row, words.rows)}
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
            <IntBox
              id="batch-concurrency"
              min={1}
              max={32}
              value={draft.concurrency}
              onChange={(concurrency) => setDraft({ concurrency })}
            />
          </Field>
        ) : null}
        <Button
          variant="primary"
          icon={<Play size={14} aria-hidden="true" />}
          disabled={busy || parsed.rows.length === 0 || !!problem}
          title={problem?.message}
          onClick={async () => {
            setBusy(true);
            await start(parsed.rows);
            setBusy(false);
          }}
        >
          Run {parsed.rows.length ? parsed.rows.length.toLocaleString('en-US') : ''} on both sides
        </Button>
        {busy ? (
          <span className="small batch-form__starting" role="status" data-testid="batch-starting">
            <Loader2 size={13} aria-hidden="true" className="spin" /> Starting: {plural(parsed.rows.length, words.row, words.rows)} on both
            sides — the run&apos;s progress opens in a moment…
          </span>
        ) : null}
      </div>
    </section>
  );
}
