import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { LanguageContext } from './language-context';

/** What a code editor takes, whether it is still the plain text area or Monaco has loaded (both read these). */
export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: string;
  ariaLabel: string;
  /** Grows with its content between these heights, in lines. */
  minLines?: number;
  maxLines?: number;
  readOnly?: boolean;
  /** Catalog knowledge for completions and hovers in this editor. */
  context?: LanguageContext;
  /** Ctrl/Cmd+Enter inside the editor. */
  onSubmit?: () => void;
  /** A stable name for the model, so markers and tests can find it. */
  path: string;
  placeholder?: string;
  onMount?: (editor: Monaco.editor.IStandaloneCodeEditor) => void;
  testId?: string;
}
