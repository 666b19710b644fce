import { ListPlus, Search } from 'lucide-react';
import type { Worklist as WorklistKind, WorklistRow } from '@shared/traffic';
import type { ContextValue } from '@shared/request';
import { Button } from '../../components/Button';
import { SavedNote } from './SavedNote';
import { useAppStore } from '../../store/store';
import { plural } from '@shared/text';

const WHAT: Record<WorklistKind, { title: string; affected: string; empty: string; source: string }> = {
  'zero-results': {
    title: 'Zero-result queries',
    affected: 'showed nothing',
    empty: 'No search in this range showed nothing.',
    source: 'traffic: zero-result queries',
  },
  'no-clicks': {
    title: 'No-click queries',
    affected: 'got no click',
    empty: 'Every search in this range that showed items got a click.',
    source: 'traffic: no-click queries',
  },
};

/** Queries to work on, most affected first: each opens in Search as it was served; the list becomes a query set. */
export function Worklist({ kind, rows }: { kind: WorklistKind; rows: WorklistRow[] }) {
  const open = useAppStore((s) => s.openServedInSearch);
  const save = useAppStore((s) => s.saveTrafficQuerySet);
  const saved = useAppStore((s) => s.traffic.saved);
  const what = WHAT[kind];
  if (!rows.length) return <p className="small muted traffic-empty">{what.empty}</p>;
  return (
    <div className="traffic-worklist" data-testid={`traffic-worklist-${kind}`}>
      <div className="traffic-worklist__tools">
        <span className="small muted">{`${plural(rows.length, 'query', 'queries')}, most affected first`}</span>
        <Button
          size="sm"
          icon={<ListPlus size={13} aria-hidden="true" />}
          disabled={saved.status === 'sending'}
          title="A new query set in the workspace with these queries, each weighted by its searches"
          onClick={() =>
            void save(
              what.title,
              what.source,
              // Each query with the filter and context variables it was served with: what made it zero stays with it.
              rows.map((r) => ({
                query: r.query,
                weight: r.searches,
                ...(r.filter ? { filter: r.filter } : {}),
                ...(r.variables && Object.keys(r.variables).length ? { variables: r.variables as Record<string, ContextValue> } : {}),
              })),
            )
          }
        >
          Save as query set
        </Button>
        <SavedNote />
      </div>
      <table className="traffic-worklist__table">
        <thead>
          <tr>
            <th scope="col">Query</th>
            <th scope="col" className="n">
              Searches
            </th>
            <th scope="col" className="n">{`Of which ${what.affected}`}</th>
            <th scope="col">Served with</th>
            <th scope="col">
              <span className="visually-hidden">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 500).map((r) => (
            <tr key={r.query}>
              <td className="traffic-table__query">{r.query || '(no words)'}</td>
              <td className="n">{r.searches.toLocaleString('en-US')}</td>
              <td className="n">{r.affected.toLocaleString('en-US')}</td>
              <td className="small muted">
                {[
                  r.configurationId ?? 'default',
                  ...Object.entries(r.variables ?? {}).map(([k, v]) => `${k}=${String(v)}`),
                  ...(r.filter ? [`filter ${r.filter}`] : []),
                ].join(' · ')}
              </td>
              <td>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Search size={13} aria-hidden="true" />}
                  title="Open in Search with the request as it was served, and send it"
                  onClick={() => void open(r, `Traffic · ${what.title.toLowerCase()}`)}
                >
                  Open in Search
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > 500 ? (
        <p className="small muted">{`The first 500 of ${rows.length.toLocaleString('en-US')} are listed; the query set takes them all.`}</p>
      ) : null}
    </div>
  );
}
