import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { useAppStore } from '../../store/store';

/** Saved requests: JSON files in a folder, one per request. Mounted while open, so each opening starts afresh. */
export function SavedDrawer({ onClose, saveName, onSaved }: { onClose: () => void; saveName: string | null; onSaved: () => void }) {
  const tab = useAppStore((s) => s.tabs.find((t) => t.id === s.activeTabId));
  const listing = useAppStore((s) => s.savedList);
  const op = useAppStore((s) => s.savedOp);
  const { loadSaved, saveActiveTab, openSaved, deleteSaved } = useAppStore.getState();
  const [name, setName] = useState(saveName ?? '');
  // What this opening of the drawer did: an earlier opening's message is not shown again.
  const [acted, setActed] = useState(false);
  useEffect(() => {
    void loadSaved();
  }, [loadSaved]);

  const folder = listing.result;
  const message =
    acted && op.status !== 'sending'
      ? op.error
        ? { ok: false, text: op.error.message }
        : op.result
          ? { ok: true, text: op.result }
          : null
      : null;
  const listError = listing.status === 'error' ? listing.error : null;

  return (
    <Drawer title="Saved requests" open onClose={onClose} width={440}>
      <form
        className="drawer-tools"
        onSubmit={(e) => {
          e.preventDefault();
          setActed(true);
          void saveActiveTab(name).then((ok) => ok && onSaved());
        }}
      >
        <input
          className="input input--sm"
          aria-label="Name for the current request"
          placeholder={tab ? `Name (default: ${tab.title})` : 'Name'}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button size="sm" variant="primary" type="submit" disabled={!tab || op.status === 'sending'}>
          Save current
        </Button>
      </form>
      {message ? <p className={`diag ${message.ok ? 'diag--info' : 'diag--error'}`}>{message.text}</p> : null}
      {listError ? <p className="diag diag--error">{listError.message}</p> : null}
      <p className="small muted">
        Folder: <span className="mono">{folder?.folder ?? '…'}</span> (change it in Settings)
      </p>
      {folder && folder.items.length === 0 ? (
        <p className="muted small">No saved requests yet. Save one above: each is a plain JSON file you can keep in git.</p>
      ) : null}
      <ul className="history-list">
        {folder?.items.map((item) => (
          <li key={item.file} className="saved-item">
            <button
              type="button"
              className="history-item"
              disabled={!!item.problem}
              onClick={async () => {
                setActed(true);
                if (await openSaved(item.file)) onClose();
              }}
            >
              <span className="history-item__main">
                <span className="history-item__query">{item.name}</span>
                <span className="small muted">
                  {item.problem ?? `${item.kind} · ${item.file}${item.savedAt ? ` · ${new Date(item.savedAt).toLocaleString()}` : ''}`}
                </span>
              </span>
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Delete ${item.name}`}
              onClick={() => {
                setActed(true);
                void deleteSaved(item.file, item.name);
              }}
            >
              <Trash2 size={14} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
