import { useMemo } from 'react';
import type { RequestDiagnostic } from '@shared/diagnostics';
import { normalize, type AnyRequest, type RequestKind } from '@shared/request';

export interface DiagnosticsByField {
  all: RequestDiagnostic[];
  /** Diagnostics whose path starts with the prefix. */
  at: (prefix: string) => RequestDiagnostic[];
  /** Diagnostics not claimed by any of the prefixes the form shows. */
  rest: (claimed: string[]) => RequestDiagnostic[];
  errors: number;
}

/** The shared normalize, live as the user edits, split by the field each diagnostic concerns. */
export function useRequestDiagnostics(kind: RequestKind, request: AnyRequest, sortableAttributes?: string[]): DiagnosticsByField {
  return useMemo(() => {
    const all = normalize(kind, request, sortableAttributes && sortableAttributes.length > 0 ? { sortableAttributes } : {}).diagnostics;
    const matches = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
    return {
      all,
      at: (prefix) => all.filter((d) => matches(d.path, prefix)),
      rest: (claimed) => all.filter((d) => !claimed.some((p) => matches(d.path, p))),
      errors: all.filter((d) => d.severity === 'error').length,
    };
  }, [kind, request, sortableAttributes]);
}

/**
 * The diagnostics a form shows before it has been checked: errors wait for a send, or for the user to leave
 * the field they concern (an untouched form is not wrong yet); warnings and notes show at once.
 */
export function holdErrors(diags: DiagnosticsByField, hold: boolean): DiagnosticsByField {
  if (!hold) return diags;
  const keep = (list: RequestDiagnostic[]) => list.filter((d) => d.severity !== 'error');
  return { all: keep(diags.all), at: (prefix) => keep(diags.at(prefix)), rest: (claimed) => keep(diags.rest(claimed)), errors: 0 };
}
