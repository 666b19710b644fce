import type { StoreImport } from '@shared/traffic';
import { formatAgo, plural } from '@shared/text';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useAppStore } from '../../store/store';

const added = (i: StoreImport) => `${plural(i.searches, 'search', 'searches')}, ${plural(i.events, 'event')}`;

/** One import: its file and when, what it added and its days, and Remove (asked first: it takes its rows out). */
function ImportRow({ item, busy }: { item: StoreImport; busy: boolean }) {
  const remove = useAppStore((s) => s.removeTrafficImport);
  const name = item.file ?? `import ${item.id}`;
  return (
    <li className="traffic-imports__item">
      <span className="traffic-imports__text">
        <span className="traffic-imports__name">
          {item.file ?? (
            <span className="muted" title="Imported before the store kept its ledger of files (the shipped demo week is)">
              file not recorded
            </span>
          )}
        </span>
        <span className="small muted">
          <span className="mono">{item.id}</span>
          {item.at ? ` · ${formatAgo(item.at)}` : ''} · {added(item)}
          {item.from ? ` · ${item.from === item.to ? item.from : `${item.from} to ${item.to}`}` : ''}
        </span>
      </span>
      <ConfirmButton
        label="Remove"
        ariaLabel={`Remove ${name}`}
        title="Take this import's searches and events out of the store (the file can be imported again)"
        question={`Take out ${added(item)}?`}
        confirmLabel="Remove"
        disabled={busy}
        onConfirm={() => remove(item.id)}
      />
    </li>
  );
}

/** Every import the store holds, oldest first, each one removable: what a wrong file or a second simulation added can be undone. */
export function ImportsList() {
  const { imports, removal } = useAppStore((s) => s.traffic);
  const busy = useAppStore((s) => s.traffic.imported.status === 'sending' || s.traffic.removal.status === 'sending');
  const list = imports.result ?? [];
  if (list.length === 0 && removal.status === 'idle') return null;
  return (
    <section className="traffic-imports" aria-label="Imports">
      <h3 className="traffic-imports__title small">
        Imports <span className="badge badge--muted">{list.length}</span>
      </h3>
      {removal.status === 'done' && removal.result ? (
        <p className="small" role="status">
          {`Removed ${removal.result.removed.file ?? `import ${removal.result.removed.id}`}: ${added(removal.result.removed)} taken out.`}
          {removal.result.untied
            ? ` ${plural(removal.result.untied, 'event')} of other imports named only its searches: now tied to no search.`
            : ''}
        </p>
      ) : null}
      {removal.status === 'error' ? (
        <p className="small danger" role="alert">
          {removal.error?.message}
        </p>
      ) : null}
      <ul className="traffic-imports__list">
        {list.map((item) => (
          <ImportRow key={item.id} item={item} busy={busy} />
        ))}
      </ul>
    </section>
  );
}
