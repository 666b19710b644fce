import { useEffect, useState } from 'react';
import { Drawer } from '../../components/Drawer';
import { workbench } from '../../bridge';
import { useAppStore } from '../../store/store';
import { openFromHistory as reopen } from './open-history';

/**
 * Past requests, searchable; picking one re-opens it (in a new tab, with the
 * answer it got) — or, with onPick, hands its id to the caller (Compare pins
 * it as a baseline; only searches are listed then).
 */
export function HistoryDrawer({
  open,
  onClose,
  onPick,
  pickLabel,
}: {
  open: boolean;
  onClose: () => void;
  onPick?: (id: string) => void;
  pickLabel?: string;
}) {
  const history = useAppStore((s) => s.history);
  const listError = useAppStore((s) => s.historyCall.error);
  const load = useAppStore((s) => s.loadHistory);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<'' | 'ok' | 'error'>('');
  useEffect(() => {
    if (!open) return;
    const reload = () =>
      void load({ ...(text ? { text } : {}), ...(status ? { status } : {}), ...(onPick ? { kind: 'search' as const } : {}), limit: 200 });
    reload();
    // While open, the list follows what is sent (from any screen); closed, it costs nothing per request.
    return workbench().onHistoryAdded(reload);
  }, [open, text, status, load, onPick]);
  return (
    <Drawer title={pickLabel ? `History — ${pickLabel}` : 'History'} open={open} onClose={onClose} width={460}>
      <div className="drawer-tools">
        <input
          className="input input--sm"
          type="search"
          placeholder="Search by query, profile, status…"
          aria-label="Search history"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <select
          className="input input--sm"
          aria-label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as '' | 'ok' | 'error')}
        >
          <option value="">all</option>
          <option value="ok">succeeded</option>
          <option value="error">failed</option>
        </select>
      </div>
      {listError ? (
        <p className="diag diag--error" role="alert">
          The history could not be read: {listError.message}
        </p>
      ) : history.length === 0 ? (
        <p className="muted small">Nothing here yet: every request you send is kept, with its answer.</p>
      ) : null}
      <ul className="history-list">
        {history.map((h) => (
          <li key={h.id}>
            <button
              type="button"
              className="history-item"
              onClick={() => {
                if (onPick) onPick(h.id);
                else void reopen(h.id);
                onClose();
              }}
            >
              <span className={`status-pill ${h.ok ? 'is-ok' : 'is-bad'}`}>{h.status ?? h.errorCode ?? '—'}</span>
              <span className="history-item__main">
                <span className="history-item__query">{h.request.query || <em className="muted">browse</em>}</span>
                <span className="history-item__meta small muted">
                  {h.kind} · {h.profileName}
                  {h.configurationId ? ` · ${h.configurationId}` : ''}
                  {h.count !== undefined ? ` · ${h.count.toLocaleString('en-US')}` : ''} · {new Date(h.at).toLocaleTimeString()}
                </span>
                {h.errorMessage ? <span className="small diag--error">{h.errorMessage}</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
