import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { WorkbenchError } from '@shared/ipc';
import { Button } from './Button';
import './panel-card.css';

/**
 * A panel opened under a screen's cards for one file (an experiment's runs, its estimate on traffic): a region with
 * its icon and title, its own tools, a Close button, and the call's error under the head. It is opened by a button
 * that may sit far below it on a long page, so when it opens (and when `openKey` — what it shows — changes) it is
 * scrolled into view and its heading takes the focus: what was clicked visibly did something.
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
  /** What the panel shows (a file, a mode): a change is an opening too. */
  openKey?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [props.openKey]);
  return (
    <section className={`panel-card${props.className ? ` ${props.className}` : ''}`} aria-label={props.label} data-testid={props.testId}>
      <header className="panel-card__head">
        {props.icon}
        <h3 ref={heading} tabIndex={-1}>
          {props.title}
        </h3>
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
