import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { useAppStore } from '../store/store';
import { EDITOR_FONT, EDITOR_FONT_SIZE, editorHeight, LINE } from './editor-metrics';
import type { CodeEditorProps } from './code-editor-props';
import { setLanguageContext } from './language-context';
import { monaco } from './monaco-setup';

/**
 * Monaco, themed with the app, sized to its content, with the app's keyboard
 * shortcuts: the body of a `CodeEditor` once Monaco has loaded, inside the
 * container the light rendering had (so the swap moves nothing).
 */
export default function MonacoCodeEditor({
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
  containerRef,
  autoFocus,
  loading,
}: Omit<CodeEditorProps, 'testId'> & {
  containerRef: RefObject<HTMLDivElement | null>;
  autoFocus: boolean;
  /** Shown while Monaco creates the editor: the same light rendering as before, so nothing moves. */
  loading: ReactNode;
}) {
  const theme = useAppStore((s) => s.effectiveTheme);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const submit = useRef(onSubmit);
  const contextRef = useRef(context);
  useLayoutEffect(() => {
    submit.current = onSubmit;
    contextRef.current = context;
  });

  useEffect(() => () => editorRef.current?.getModel()?.dispose(), []);

  const fit = (editor: Monaco.editor.IStandaloneCodeEditor) => {
    const height = editorHeight(editor.getModel()?.getLineCount() ?? 1, minLines, maxLines);
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
    // Monaco binds Ctrl+Shift+I on Linux only; Shift+Alt+F (Shift+Option+F on macOS) is what users bring from VS Code everywhere.
    editor.addCommand(monaco.KeyMod.Shift | monaco.KeyMod.Alt | monaco.KeyCode.KeyF, () => {
      void editor.getAction('editor.action.formatDocument')?.run();
    });
    editor.onDidContentSizeChange(() => fit(editor));
    fit(editor);
    // The user focused the light rendering: the keyboard goes on here.
    if (autoFocus) editor.focus();
    onMount?.(editor);
  };

  return (
    <Editor
      value={value}
      language={language}
      path={path}
      theme={theme === 'dark' ? 'wb-dark' : 'wb-light'}
      onChange={(v) => onChange?.(v ?? '')}
      onMount={handleMount}
      loading={loading}
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
        fontSize: EDITOR_FONT_SIZE,
        lineHeight: LINE,
        fontFamily: EDITOR_FONT,
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
  );
}
