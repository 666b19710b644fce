import { Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { SearchRequest } from '../../../../shared/request/types';
import { workbench } from '../../bridge';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { useAppStore } from '../../store/store';

interface Listing {
  folder: string;
  items: { file: string; name: string; kind?: string; savedAt?: string; problem?: string }[];
}

/** Saved requests: JSON files in a folder, one per request. Mounted while open, so each opening starts afresh. */
export function SavedDrawer({ onClose, saveName, onSaved }: { onClose: () => void; saveName: string | null; onSaved: () => void }) {
  const tab = useAppStore((s) => s.tabs.find((t) => t.id === s.activeTabId));
  const openTab = useAppStore((s) => s.openTab);
  const [listing, setListing] = useState<Listing | null>(null);
  const [name, setName] = useState(saveName ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const apply = useCallback((r: Awaited<ReturnType<ReturnType<typeof workbench>['saved']['list']>>) => {
    if (r.ok) setListing(r.value);
    else setMessage({ ok: false, text: r.error.message });
  }, []);
  const reload = useCallback(async () => apply(await workbench().saved.list()), [apply]);
  useEffect(() => {
    let live = true;
    void workbench()
      .saved.list()
      .then((r) => live && apply(r));
    return () => {
      live = false;
    };
  }, [apply]);

  const save = async () => {
    if (!tab) return;
    const r = await workbench().saved.save({
      name: name.trim() || tab.title,
      kind: 'search',
      transport: tab.transport,
      request: tab.request as unknown as Record<string, unknown>,
    });
    setMessage(r.ok ? { ok: true, text: `Saved as ${r.value.file}.` } : { ok: false, text: r.error.message });
    if (r.ok) onSaved();
    await reload();
  };

  return (
    <Drawer title="Saved requests" open onClose={onClose} width={440}>
      <form
        className="drawer-tools"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <input
          className="input input--sm"
          aria-label="Name for the current request"
          placeholder={tab ? `Name (default: ${tab.title})` : 'Name'}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button size="sm" variant="primary" type="submit" disabled={!tab}>
          Save current
        </Button>
      </form>
      {message ? <p className={`diag ${message.ok ? 'diag--info' : 'diag--error'}`}>{message.text}</p> : null}
      <p className="small muted">
        Folder: <span className="mono">{listing?.folder ?? '…'}</span> (change it in Settings)
      </p>
      {listing && listing.items.length === 0 ? (
        <p className="muted small">No saved requests yet. Save one above: each is a plain JSON file you can keep in git.</p>
      ) : null}
      <ul className="history-list">
        {listing?.items.map((item) => (
          <li key={item.file} className="saved-item">
            <button
              type="button"
              className="history-item"
              disabled={!!item.problem}
              onClick={async () => {
                const r = await workbench().saved.read({ file: item.file });
                if (!r.ok) return setMessage({ ok: false, text: r.error.message });
                if (r.value.kind !== 'search')
                  return setMessage({ ok: false, text: `${item.name} is a ${r.value.kind} request; open it from its own screen.` });
                openTab({
                  request: r.value.request as unknown as SearchRequest,
                  transport: r.value.transport === 'get' ? 'get' : 'post',
                  title: r.value.name,
                  origin: `Saved · ${item.file}`,
                });
                onClose();
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
              onClick={async () => {
                await workbench().saved.delete({ file: item.file });
                await reload();
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
