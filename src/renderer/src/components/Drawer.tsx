import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

/** A side panel over the screen; Escape closes it and focus returns where it was. */
export function Drawer({
  title,
  open,
  onClose,
  children,
  width = 420,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  width?: number;
}) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="drawer-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <aside className="drawer" role="dialog" aria-modal="true" aria-label={title} style={{ width }} ref={panel} tabIndex={-1}>
        <header className="drawer__head">
          <h2>{title}</h2>
          <button type="button" className="icon-button" aria-label={`Close ${title}`} onClick={onClose}>
            <X size={16} aria-hidden="true" />
          </button>
        </header>
        <div className="drawer__body">{children}</div>
      </aside>
    </div>
  );
}
