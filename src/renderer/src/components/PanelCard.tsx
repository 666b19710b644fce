import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { WorkbenchError } from '@shared/ipc';
import { Button } from './Button';
import './panel-card.css';

/**
 * A panel opened under a screen's cards for one file (an experiment's runs, its estimate on traffic): a region with
 * its icon and title, its own tools, a Close button, and the call's error under the head.
 */
export function PanelCard(props: {
  label: string;
  testId: string;
  icon: ReactNode;
  title: ReactNode;
  tools?: ReactNode;
  onClose: () => void;
  closeLabel: string;
  error?: WorkbenchError | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`panel-card${props.className ? ` ${props.className}` : ''}`} aria-label={props.label} data-testid={props.testId}>
      <header className="panel-card__head">
        {props.icon}
        <h3>{props.title}</h3>
        {props.tools}
        <Button size="sm" variant="ghost" icon={<X size={13} aria-hidden="true" />} onClick={props.onClose} aria-label={props.closeLabel}>
          Close
        </Button>
      </header>
      {props.error ? (
        <p className="diag diag--error" role="alert">
          {props.error.message}
        </p>
      ) : null}
      {props.children}
    </section>
  );
}
