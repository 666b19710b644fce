import type { ReactNode } from 'react';

/** A modal dialog over a dimmed backdrop: Escape or a click outside closes it. */
export function Dialog({
  onClose,
  labelledBy,
  label,
  className = 'dialog',
  backdropClassName,
  children,
}: {
  onClose: () => void;
  labelledBy?: string;
  label?: string;
  className?: string;
  backdropClassName?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`dialog-backdrop${backdropClassName ? ` ${backdropClassName}` : ''}`}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        className={className}
        role="dialog"
        aria-modal="true"
        {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label })}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          onClose();
        }}
      >
        {children}
      </div>
    </div>
  );
}
