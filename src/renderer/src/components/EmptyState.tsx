import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** What an area shows before it has anything: what it is for and what to do next. */
export function EmptyState({ icon: Icon, title, children, actions }: EmptyStateProps) {
  return (
    <section className="empty-state" aria-label={title}>
      <div className="empty-state__icon" aria-hidden="true">
        <Icon size={28} strokeWidth={1.5} />
      </div>
      <h2 className="empty-state__title">{title}</h2>
      <div className="empty-state__body">{children}</div>
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </section>
  );
}
