import { AlertTriangle, Info, X, XCircle } from 'lucide-react';
import { useAppStore } from '../store/store';

const ICONS = { info: Info, warning: AlertTriangle, error: XCircle } as const;

/** Notices from main (a file kept aside, a history write that failed) until the user dismisses them. */
export function NoticeBar() {
  const notices = useAppStore((s) => s.notices);
  const dismiss = useAppStore((s) => s.dismissNotice);
  if (notices.length === 0) return null;
  return (
    <div className="notices" role="region" aria-label="Notices">
      {notices.map((n) => {
        const Icon = ICONS[n.level];
        return (
          <div key={n.id} className={`notice notice--${n.level}`} role={n.level === 'error' ? 'alert' : 'status'}>
            <Icon size={16} aria-hidden="true" />
            <span className="notice__text">{n.message}</span>
            <button type="button" className="icon-button" aria-label="Dismiss notice" onClick={() => dismiss(n.id)}>
              <X size={14} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
