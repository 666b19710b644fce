import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { RequestDiagnostic } from '@shared/diagnostics';
import { DiagnosticLine } from '../components/Field';
import type { DiagnosticsByField } from './use-request-diagnostics';
import './request.css';

/** A collapsible part of a request builder. */
export function Section({
  title,
  open: initial = true,
  children,
  badge,
}: {
  title: string;
  open?: boolean;
  children: ReactNode;
  badge?: ReactNode;
}) {
  const [open, setOpen] = useState(initial);
  return (
    <section className="builder-section">
      <button type="button" className="builder-section__head" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
        <span>{title}</span>
        {badge}
      </button>
      {open ? <div className="builder-section__body">{children}</div> : null}
    </section>
  );
}

/** Findings of the shared model that no field on the form shows, each named by its path. */
export function OtherFindings({
  diags,
  claimed,
  onFix,
}: {
  diags: DiagnosticsByField;
  claimed: string[];
  onFix: (d: RequestDiagnostic) => void;
}) {
  const rest = diags.rest(claimed);
  if (rest.length === 0) return null;
  return (
    <Section title="Other findings">
      {rest.map((d, i) => (
        <DiagnosticLine key={i} diagnostic={{ ...d, message: `${d.path || 'request'}: ${d.message}` }} onFix={onFix} />
      ))}
    </Section>
  );
}
