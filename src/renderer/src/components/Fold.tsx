import { ChevronDown, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAppStore } from '../store/store';

/**
 * A panel folded to one line — its title and a summary — until opened; open or folded, it is kept in the settings
 * and found as left. Folded by default, so what it sits under (the results) keeps the room.
 */
export function Fold({
  id,
  title,
  summary,
  actions,
  className,
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  /** What the folded line says of the content (a count, the first item). */
  summary?: ReactNode;
  /** Controls that stay on the one line, open or folded. */
  actions?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const open = useAppStore((s) => s.settings?.folds?.[id] ?? false);
  const setFold = useAppStore((s) => s.setFold);
  const bodyId = `fold-${id}`;
  return (
    <section className={`fold${open ? ' is-open' : ''}${className ? ` ${className}` : ''}`} {...(testId ? { 'data-testid': testId } : {})}>
      <div className="fold__line">
        <button type="button" className="fold__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => void setFold(id, !open)}>
          {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
          <span className="fold__title">{title}</span>
          {!open && summary ? <span className="fold__summary">{summary}</span> : null}
        </button>
        {actions ? <div className="fold__actions">{actions}</div> : null}
      </div>
      {/* Kept in the page while folded (hidden), so what it holds is still there to find and read out. */}
      <div className="fold__body" id={bodyId} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
