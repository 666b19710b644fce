import { Pencil, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { queryKey, type Intent } from '@shared/judgments';
import type { QuerySetPage } from '@shared/workspace';
import { Button } from '../../components/Button';
import { useAppStore } from '../../store/store';
import { IntentEditor, intentSummary } from '../judgments';

/*
 * Intents in the query-set view: what each query means as rating rules read it, proposed from the catalog's
 * facet values for the queries on the page that have none, kept or edited one by one (or the page's at once).
 */

/** Proposals still to keep on the page: queries with no intent yet and a non-empty proposal. */
function pendingOnPage(page: QuerySetPage, byKey: Record<string, Intent> | undefined): { query: string; intent: Intent }[] {
  if (!byKey) return [];
  return page.entries.flatMap(({ entry }) => {
    const proposal = entry.intent ? undefined : byKey[queryKey(entry.query)];
    return proposal && Object.keys(proposal).length ? [{ query: entry.query, intent: proposal }] : [];
  });
}

const queries = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'query' : 'queries'}`;

/** Propose intents for the page's queries without one; keep every proposal on the page at once. */
export function IntentToolbar({ file, page }: { file: string; page: QuerySetPage }) {
  const call = useAppStore((s) => s.intentProposals);
  const { proposeIntents, saveIntents } = useAppStore.getState();
  const profile = useAppStore((s) => s.activeProfile()?.name ?? 'the active profile');
  const mine = call.result?.file === file ? call.result : null;
  const pending = pendingOnPage(page, mine?.byKey);
  const without = page.entries.filter(({ entry }) => !entry.intent).length;
  return (
    <div className="ws-intents small" role="group" aria-label="Intents">
      <Button
        size="sm"
        variant="ghost"
        icon={<Sparkles size={13} aria-hidden="true" />}
        disabled={call.status === 'sending' || without === 0}
        title={`Proposes an intent for each query on this page that has none, from the facet values of ${profile}'s catalog; nothing is saved until you keep it`}
        onClick={() => void proposeIntents()}
      >
        {call.status === 'sending' ? 'Proposing…' : 'Propose intents'}
      </Button>
      <span className="muted" aria-live="polite">
        {without === 0
          ? 'Every query on this page has an intent.'
          : mine && pending.length
            ? `${pending.length.toLocaleString('en-US')} proposed on this page from ${profile}'s catalog (${mine.attributes.join(', ') || 'no facet'})` +
              (mine.failed ? `; ${queries(mine.failed)} not answered` : '') +
              '. Keep or edit each.'
            : `${queries(without)} on this page without an intent${
                mine ? ': no catalog value in the text — add one with the pencil' : ': rating rules skip a rule that needs one'
              }.`}
      </span>
      {pending.length > 1 ? (
        <Button size="sm" onClick={() => void saveIntents(pending)}>
          Keep all {pending.length} proposed
        </Button>
      ) : null}
      {call.error ? (
        <span className="diag diag--error" role="alert">
          Intents could not be proposed: {call.error.message}
        </span>
      ) : null}
    </div>
  );
}

/** One query's intent: its own (Edit), a proposal (Keep, Edit), or none (Add). */
export function EntryIntent({ file, query, intent }: { file: string; query: string; intent: Intent | undefined }) {
  const proposal = useAppStore((s) =>
    s.intentProposals.result?.file === file ? s.intentProposals.result.byKey[queryKey(query)] : undefined,
  );
  const save = useAppStore((s) => s.saveIntents);
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <IntentEditor
        query={query}
        initial={intent ?? proposal}
        onSave={(next) => save([{ query, intent: next }])}
        onCancel={() => setEditing(false)}
      />
    );
  const proposed = !intent && proposal ? intentSummary(proposal) : '';
  const edit = (
    <Button
      size="sm"
      variant="ghost"
      className="ws-intent__edit"
      aria-label={`${intent ? 'Edit the' : 'Add an'} intent of “${query}”`}
      title={intent ? 'Edit the intent' : 'Add an intent'}
      icon={<Pencil size={12} aria-hidden="true" />}
      onClick={() => setEditing(true)}
    />
  );
  if (intent)
    return (
      <span className="ws-intent" data-testid="query-intent">
        {intentSummary(intent)}
        {edit}
      </span>
    );
  if (proposal)
    return (
      <span className="ws-intent ws-intent--proposed" data-testid="query-intent">
        {proposed ? (
          <>
            proposed: {proposed}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Keep the proposed intent of “${query}”`}
              onClick={() => void save([{ query, intent: proposal }])}
            >
              Keep
            </Button>
          </>
        ) : (
          <span className="muted">no catalog value in the query</span>
        )}
        {edit}
      </span>
    );
  return <span className="ws-intent ws-intent--none">{edit}</span>;
}
