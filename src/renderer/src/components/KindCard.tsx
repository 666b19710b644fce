import { useEffect, type ReactNode } from 'react';
import { KIND_LABELS, type WorkspaceItem, type WorkspaceKind } from '@shared/workspace';
import { formatAgo } from '@shared/text';
import { ConfirmButton } from './ConfirmButton';
import { useAppStore } from '../store/store';

/* A kind's card (the Workspace, Shoppers and Tests screens): its files, each with its tools and a Delete that asks first. */

/**
 * The workspace folder's listing, read when the screen opens and again whenever the window comes back: files change
 * on disk (git pull, another editor).
 */
export function useFolderListing() {
  const listing = useAppStore((s) => s.workspaceList);
  const loadWorkspace = useAppStore((s) => s.loadWorkspace);
  useEffect(() => {
    void loadWorkspace();
    const onFocus = () => void loadWorkspace();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [loadWorkspace]);
  return listing;
}

/** Delete with a second click to confirm, so one slip never loses a file. */
function DeleteButton({ item }: { item: WorkspaceItem }) {
  const remove = useAppStore((s) => s.deleteWorkspaceFile);
  return (
    <ConfirmButton
      ariaLabel={`Delete ${item.name}`}
      title="Delete this file"
      question={`Delete ${item.file}?`}
      confirmLabel="Delete"
      onConfirm={() => remove(item.kind, item.file, item.name)}
    />
  );
}

function ItemRow({ item, actions }: { item: WorkspaceItem; actions?: ReactNode }) {
  return (
    <li className={`ws-item${item.problem ? ' is-foreign' : ''}`}>
      <div className="ws-item__text">
        <span className="ws-item__name">{item.name}</span>
        <span className="ws-item__meta small muted">
          <span className="mono">{item.file}</span>
          {item.summary ? ` · ${item.summary}` : ''}
          {item.updatedAt ? ` · ${formatAgo(item.updatedAt)}` : ''}
        </span>
        {item.problem ? (
          <span className="small ws-item__problem">
            <span className="badge badge--muted">not a workbench file</span> {item.problem} It is left alone.
          </span>
        ) : null}
      </div>
      {item.problem ? null : (
        <div className="ws-item__actions">
          {actions}
          <DeleteButton item={item} />
        </div>
      )}
    </li>
  );
}

/** The last change's message, where it shows (the card of the kind it concerns, or by the folder). */
export function OpMessage({ at }: { at: WorkspaceKind | 'folder' }) {
  const op = useAppStore((s) => s.workspaceOp);
  const where = useAppStore((s) => s.workspaceOpAt);
  if (where !== at) return null;
  if (op.status === 'error' && op.error)
    return (
      <p className="diag diag--error ws-message" role="alert" data-testid="ws-message">
        {op.error.message}
      </p>
    );
  if (op.status === 'done' && op.result)
    return (
      <p className="diag diag--info ws-message" role="status" data-testid="ws-message">
        {op.result}
      </p>
    );
  return null;
}

export function KindCard({
  kind,
  icon,
  items,
  empty,
  tools,
  children,
  actions,
}: {
  kind: WorkspaceKind;
  icon: ReactNode;
  items: WorkspaceItem[];
  empty: ReactNode;
  tools?: ReactNode;
  children?: ReactNode;
  actions?: (item: WorkspaceItem) => ReactNode;
}) {
  return (
    <section className="ws-card" aria-label={KIND_LABELS[kind]}>
      <header className="ws-card__head">
        {icon}
        <h2 className="ws-card__title">
          {KIND_LABELS[kind]} <span className="badge badge--muted">{items.length}</span>
        </h2>
        <span className="ws-card__folder small muted mono">{kind}/</span>
        <div className="ws-card__tools">{tools}</div>
      </header>
      {children}
      <OpMessage at={kind} />
      {items.length === 0 ? <p className="muted small ws-card__empty">{empty}</p> : null}
      <ul className="ws-list">
        {items.map((item) => (
          <ItemRow key={item.file} item={item} actions={actions?.(item)} />
        ))}
      </ul>
    </section>
  );
}
