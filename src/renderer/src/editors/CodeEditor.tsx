import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { useAppStore } from '../store/store';
import { setLanguageContext, type LanguageContext } from './language-context';
import { monaco } from './monaco-setup';

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

const LINE = 19;

/** Monaco, themed with the app, sized to its content, with the app's keyboard shortcuts. */
export function CodeEditor({
  value,
  onChange,
  language,
  ariaLabel,
  minLines = 1,
  maxLines = 12,
  readOnly,
  context,
  onSubmit,
  path,
  placeholder,
  onMount,
  testId,
}: CodeEditorProps) {
  const theme = useAppStore((s) => s.effectiveTheme);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const submit = useRef(onSubmit);
  const contextRef = useRef(context);
  useLayoutEffect(() => {
    submit.current = onSubmit;
    contextRef.current = context;
  });

  useEffect(() => () => editorRef.current?.getModel()?.dispose(), []);

  const fit = (editor: Monaco.editor.IStandaloneCodeEditor) => {
    const lines = Math.min(maxLines, Math.max(minLines, editor.getModel()?.getLineCount() ?? 1));
    const height = lines * LINE + 10;
    if (containerRef.current) containerRef.current.style.height = `${height}px`;
    editor.layout();
  };

  const handleMount: OnMount = (editor) => {
    editorRef.current = editor;
    const model = editor.getModel();
    if (model) {
      setLanguageContext(model, {
        attributes: () => contextRef.current?.attributes() ?? [],
        samples: () => contextRef.current?.samples() ?? [],
      });
    }
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => submit.current?.());
    editor.onDidContentSizeChange(() => fit(editor));
    fit(editor);
    onMount?.(editor);
  };

  return (
    <div
      className={`code-editor${readOnly ? ' is-readonly' : ''}`}
      ref={containerRef}
      data-testid={testId}
      style={{ height: Math.max(minLines, 1) * LINE + 10 }}
    >
      <Editor
        value={value}
        language={language}
        path={path}
        theme={theme === 'dark' ? 'wb-dark' : 'wb-light'}
        onChange={(v) => onChange?.(v ?? '')}
        onMount={handleMount}
        loading={<div className="code-editor__loading">Loading editor…</div>}
        options={{
          ariaLabel,
          readOnly: readOnly ?? false,
          minimap: { enabled: false },
          lineNumbers: maxLines > 3 ? 'on' : 'off',
          glyphMargin: false,
          folding: maxLines > 3,
          lineDecorationsWidth: 6,
          lineNumbersMinChars: 3,
          scrollBeyondLastLine: false,
          wordWrap: 'on',
          fontSize: 12.5,
          lineHeight: LINE,
          fontFamily: "'JetBrains Mono', 'SF Mono', ui-monospace, Menlo, Consolas, 'Liberation Mono', monospace",
          renderLineHighlight: 'none',
          overviewRulerLanes: 0,
          hideCursorInOverviewRuler: true,
          scrollbar: { vertical: 'auto', horizontal: 'hidden', alwaysConsumeMouseWheel: false },
          fixedOverflowWidgets: true,
          automaticLayout: true,
          tabSize: 2,
          quickSuggestions: { other: true, comments: false, strings: true },
          suggestOnTriggerCharacters: true,
          ...(placeholder ? { placeholder } : {}),
        }}
      />
    </div>
  );
}
