import { AlertTriangle, Info, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { RequestDiagnostic } from '@shared/diagnostics';

export interface FieldProps {
  label: string;
  htmlFor?: string;
  hint?: ReactNode;
  diagnostics?: RequestDiagnostic[];
  onFix?: (d: RequestDiagnostic) => void;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A labelled control with its diagnostics (from the shared normalize) right under it, each with its quick fix. */
export function Field({ label, htmlFor, hint, diagnostics = [], onFix, actions, children, className }: FieldProps) {
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <div className="field__head">
        <label className="field__label" htmlFor={htmlFor}>
          {label}
        </label>
        {actions ? <div className="field__actions">{actions}</div> : null}
      </div>
      {children}
      {hint ? <div className="field__hint">{hint}</div> : null}
      {diagnostics.map((d, i) => (
        <DiagnosticLine key={`${d.code}-${i}`} diagnostic={d} {...(onFix ? { onFix } : {})} />
      ))}
    </div>
  );
}

const ICONS = { error: XCircle, warning: AlertTriangle, info: Info } as const;

export function DiagnosticLine({ diagnostic, onFix }: { diagnostic: RequestDiagnostic; onFix?: (d: RequestDiagnostic) => void }) {
  const Icon = ICONS[diagnostic.severity];
  return (
    <div className={`diag diag--${diagnostic.severity}`} role={diagnostic.severity === 'error' ? 'alert' : undefined}>
      <Icon size={13} aria-hidden="true" />
      <span className="diag__text">
        <span className="visually-hidden">{diagnostic.severity}: </span>
        {diagnostic.message}
      </span>
      {diagnostic.fix && onFix ? (
        <button type="button" className="diag__fix" onClick={() => onFix(diagnostic)}>
          {diagnostic.fix.title}
        </button>
      ) : null}
    </div>
  );
}
