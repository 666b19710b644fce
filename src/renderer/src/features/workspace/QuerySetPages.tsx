import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { useAppStore } from '../../store/store';
import { EntryIntent, IntentToolbar } from './QuerySetIntents';
import { QUERY_SET_PAGE } from './workspace-slice';

/** A query set a page at a time: find in its queries and notes, and page through sets of any size. */
export function QuerySetPanel() {
  const view = useAppStore((s) => s.querySetView);
  if (view.status === 'idle') return null;
  const shown = view.result;
  if (!shown)
    return view.error ? <p className="diag diag--error">{view.error.message}</p> : <p className="muted small">Reading the query set…</p>;
  // Keyed by file: another set opens with its own (empty) find box.
  return <QuerySetPages key={shown.file} />;
}

function QuerySetPages() {
  const view = useAppStore((s) => s.querySetView);
  const close = useAppStore((s) => s.closeQuerySet);
  const open = useAppStore((s) => s.openQuerySet);
  const [find, setFind] = useState(view.result?.find ?? '');
  const shown = view.result;
  if (!shown) return null;
  const { page } = shown;
  const go = (offset: number, text = shown.find) => void open(shown.file, { offset: Math.max(0, offset), find: text });
  const first = page.entries.length ? page.offset + 1 : 0;
  const last = page.offset + page.entries.length;
  const pager = (
    <div className="ws-preview__pager" role="group" aria-label="Pages of the query set">
      <Button
        size="sm"
        variant="ghost"
        disabled={page.offset === 0 || view.status === 'sending'}
        onClick={() => go(page.offset - QUERY_SET_PAGE)}
      >
        Previous
      </Button>
      <span className="small muted" aria-live="polite">
        {page.matched === 0
          ? 'no query matches'
          : `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${page.matched.toLocaleString('en-US')}${
              shown.find.trim() ? ` matching “${shown.find.trim()}”` : ''
            }`}
      </span>
      <Button
        size="sm"
        variant="ghost"
        disabled={last >= page.matched || view.status === 'sending'}
        onClick={() => go(page.offset + QUERY_SET_PAGE)}
      >
        Next
      </Button>
    </div>
  );
  return (
    <section className="ws-preview" aria-label={`Queries of ${page.name}`}>
      <div className="ws-preview__head">
        <strong>{page.name}</strong>
        <span className="small muted">
          {page.total.toLocaleString('en-US')} queries{page.source ? ` · from ${page.source}` : ''}
        </span>
        <Button size="sm" variant="ghost" aria-label="Close the query list" icon={<X size={13} aria-hidden="true" />} onClick={close} />
      </div>
      <form
        className="ws-preview__find"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          go(0, find);
        }}
      >
        <input
          type="search"
          aria-label="Find in the queries and notes"
          placeholder="Find a query or note — Enter"
          value={find}
          onChange={(e) => {
            setFind(e.target.value);
            if (e.target.value === '' && shown.find) go(0, '');
          }}
        />
        {pager}
      </form>
      <IntentToolbar file={shown.file} page={page} />
      {view.error ? <p className="diag diag--error">{view.error.message}</p> : null}
      {/* A list that scrolls takes the focus, so the keyboard scrolls it too. */}
      <ol
        className="ws-preview__list"
        aria-busy={view.status === 'sending'}
        aria-label="Queries on this page"
        tabIndex={0}
        // Room for the widest number on the page ("100,000." needs more than "1.").
        style={{ paddingInlineStart: `${String((page.entries.at(-1)?.index ?? 0) + 1).length + 3}ch` }}
      >
        {page.entries.map(({ index, entry: q }) => (
          <li key={index} value={index + 1}>
            <span className="mono">{q.query}</span>
            {q.filter ? <span className="badge badge--muted">filter</span> : null}
            {q.facets?.length ? <span className="badge badge--muted">facets</span> : null}
            {q.variables ? <span className="badge badge--muted">variables</span> : null}
            {q.expect?.length ? <span className="badge badge--muted">expect</span> : null}
            {q.note ? <span className="small muted"> — {q.note}</span> : null}
            <EntryIntent file={shown.file} query={q.query} intent={q.intent} />
          </li>
        ))}
      </ol>
      {page.matched > QUERY_SET_PAGE ? pager : null}
    </section>
  );
}
