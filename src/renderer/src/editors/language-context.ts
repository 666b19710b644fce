import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { TextDiagnostic } from '@shared/diagnostics';

/** What an editor knows about the catalog, for completions and hovers. Each editor model has its own. */
export interface AttributeInfo {
  name: string;
  type?: string;
  facetValues?: string[];
  sortable?: boolean;
  facetable?: boolean;
}

export interface LanguageContext {
  attributes: () => AttributeInfo[];
  /** Sample response items, for mask completions and previews. */
  samples: () => unknown[];
}

const contexts = new Map<string, LanguageContext>();
const empty: LanguageContext = { attributes: () => [], samples: () => [] };

export function setLanguageContext(model: Monaco.editor.ITextModel, context: LanguageContext): () => void {
  const key = model.uri.toString();
  contexts.set(key, context);
  return () => {
    if (contexts.get(key) === context) contexts.delete(key);
  };
}

export function languageContext(model: Monaco.editor.ITextModel): LanguageContext {
  return contexts.get(model.uri.toString()) ?? empty;
}

/** Parser diagnostics (character offsets) as Monaco markers on the model. */
export function setDiagnosticMarkers(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  owner: string,
  diagnostics: TextDiagnostic[],
): void {
  const length = model.getValueLength();
  monaco.editor.setModelMarkers(
    model,
    owner,
    diagnostics.map((d) => {
      // A problem "at the end" gets one visible character of squiggle.
      const start = Math.min(d.start, length);
      const end = Math.max(Math.min(d.end, length), start === length ? start : start + 1);
      const from = model.getPositionAt(start === end && start > 0 ? start - 1 : start);
      const to = model.getPositionAt(end);
      return {
        severity:
          d.severity === 'error'
            ? monaco.MarkerSeverity.Error
            : d.severity === 'warning'
              ? monaco.MarkerSeverity.Warning
              : monaco.MarkerSeverity.Info,
        message: d.message,
        code: d.code,
        startLineNumber: from.lineNumber,
        startColumn: from.column,
        endLineNumber: to.lineNumber,
        endColumn: to.column,
      };
    }),
  );
}

/** Keeps a language's models marked with the shared parser's diagnostics as they are created and edited. */
export function keepMarkers(monaco: typeof Monaco, languageId: string, diagnose: (text: string) => TextDiagnostic[]): void {
  const validate = (model: Monaco.editor.ITextModel) => {
    if (model.getLanguageId() === languageId) setDiagnosticMarkers(monaco, model, languageId, diagnose(model.getValue()));
  };
  monaco.editor.onDidCreateModel((model) => {
    validate(model);
    const sub = model.onDidChangeContent(() => validate(model));
    model.onWillDispose(() => sub.dispose());
  });
  monaco.editor.onDidChangeModelLanguage(({ model }) => validate(model));
}
