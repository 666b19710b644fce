import { ListPlus, Search } from 'lucide-react';
import type { Worklist as WorklistKind, WorklistRow } from '@shared/traffic';
import type { ContextValue } from '@shared/request';
import { Button } from '../../components/Button';
import { SavedNote } from './SavedNote';
import { useAppStore } from '../../store/store';
import { plural } from '@shared/text';
import { useMemo } from 'react';
import { ExportCsv, SortTh } from '../../components/TableTools';
import { type TableColumn, useTableSort } from '../../components/table-sort';

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

/** What a worklist row was served with, as one line. */
const servedWith = (r: WorklistRow) =>
  [
    r.configurationId ?? 'default',
    ...Object.entries(r.variables ?? {}).map(([k, v]) => `${k}=${String(v)}`),
    ...(r.filter ? [`filter ${r.filter}`] : []),
  ].join(' · ');

const columnsOf = (affected: string): TableColumn<WorklistRow>[] => [
  { id: 'query', label: 'Query', value: (r) => r.query },
  { id: 'searches', label: 'Searches', value: (r) => r.searches, numeric: true },
  { id: 'affected', label: `Of which ${affected}`, value: (r) => r.affected, numeric: true },
  { id: 'served', label: 'Served with', value: servedWith },
];

/** Queries to work on, most affected first: each opens in Search as it was served; the list becomes a query set. */
export function Worklist({ kind, rows: given }: { kind: WorklistKind; rows: WorklistRow[] }) {
  const open = useAppStore((s) => s.openServedInSearch);
  const save = useAppStore((s) => s.saveTrafficQuerySet);
  const saved = useAppStore((s) => s.traffic.saved);
  const what = WHAT[kind];
  const columns = useMemo(() => columnsOf(what.affected), [what.affected]);
  const { rows, sort, toggle } = useTableSort(given, columns);
  if (!rows.length) return <p className="small muted traffic-empty">{what.empty}</p>;
  return (
    <div className="traffic-worklist" data-testid={`traffic-worklist-${kind}`}>
      <div className="traffic-worklist__tools">
        <span className="small muted">{`${plural(rows.length, 'query', 'queries')}${sort ? '' : ', most affected first'}`}</span>
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
        <ExportCsv rows={rows} columns={columns} fileName={`traffic-${kind}.csv`} what={what.title.toLowerCase()} />
        <SavedNote />
      </div>
      <table className="traffic-worklist__table">
        <thead>
          <tr>
            {columns.map((c) => (
              <SortTh key={c.id} column={c} sort={sort} onSort={toggle} />
            ))}
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
              <td className="small muted">{servedWith(r)}</td>
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
        <p className="small muted">{`The first 500 of ${rows.length.toLocaleString('en-US')} are listed; the query set and the CSV take them all.`}</p>
      ) : null}
    </div>
  );
}
