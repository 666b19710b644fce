import { FolderOpen, History, Plus, Save, X } from 'lucide-react';
import { useAppStore } from '../../store/store';

/** Request tabs, and the doors to history and saved requests. */
export function TabsBar({ onHistory, onSaved, onSave }: { onHistory: () => void; onSaved: () => void; onSave: () => void }) {
  const tabs = useAppStore((s) => s.tabs);
  const active = useAppStore((s) => s.activeTabId);
  const select = useAppStore((s) => s.selectTab);
  const close = useAppStore((s) => s.closeTab);
  const open = useAppStore((s) => s.openTab);
  return (
    <div className="tabs-bar">
      <div className="tabs-strip">
        <div className="tabs" role="tablist" aria-label="Request tabs">
          {tabs.map((t) => (
            <div key={t.id} role="presentation" className={`tab${t.id === active ? ' is-active' : ''}`}>
              <button
                type="button"
                role="tab"
                aria-selected={t.id === active}
                aria-description="Delete closes the tab"
                className="tab__label"
                onClick={() => select(t.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Delete') close(t.id);
                }}
                title={t.origin ?? t.title}
              >
                {t.status === 'sending' ? (
                  <span className="dot dot--busy" aria-hidden="true" />
                ) : t.status === 'error' ? (
                  <span className="dot dot--bad" aria-hidden="true" />
                ) : null}
                {t.title}
              </button>
              {/* Mouse users close here; keyboard users press Delete on the tab. */}
              <span className="tab__close" aria-hidden="true" title={`Close ${t.title}`} onClick={() => close(t.id)}>
                <X size={12} />
              </span>
            </div>
          ))}
        </div>
        <button type="button" className="icon-button" aria-label="New tab" title="New tab" onClick={() => open()}>
          <Plus size={16} aria-hidden="true" />
        </button>
      </div>
      <div className="tabs-bar__tools">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onSave}>
          <Save size={14} aria-hidden="true" /> Save
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onSaved}>
          <FolderOpen size={14} aria-hidden="true" /> Saved
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onHistory}>
          <History size={14} aria-hidden="true" /> History
        </button>
      </div>
    </div>
  );
}
