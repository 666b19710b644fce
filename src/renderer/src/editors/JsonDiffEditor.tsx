import { DiffEditor, type DiffOnMount } from '@monaco-editor/react';
import { useLayoutEffect, useRef } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { useAppStore } from '../store/store';
import './monaco-setup';

/**
 * Two JSON documents side by side in Monaco's diff editor, read-only,
 * changes highlighted and navigable (F7). The wrapper would dispose the two
 * models before the widget that holds them (monaco-react#647, which Monaco
 * reports as an error), so it keeps them and this component detaches the
 * widget first, then disposes them, in a layout-effect cleanup — while the
 * widget is still alive.
 */
export function JsonDiffEditor({
  original,
  modified,
  id,
  height = 520,
}: {
  original: string;
  modified: string;
  id: string;
  height?: number;
}) {
  const theme = useAppStore((s) => s.effectiveTheme);
  const editorRef = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null);
  const onMount: DiffOnMount = (editor) => {
    editorRef.current = editor;
  };
  useLayoutEffect(
    () => () => {
      const editor = editorRef.current;
      if (!editor) return;
      const model = editor.getModel();
      editor.setModel(null);
      model?.original.dispose();
      model?.modified.dispose();
    },
    [],
  );
  return (
    <div className="code-editor is-readonly" style={{ height }} data-testid="json-diff">
      <DiffEditor
        original={original}
        modified={modified}
        language="json"
        originalModelPath={`diff-a-${id}.json`}
        modifiedModelPath={`diff-b-${id}.json`}
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        onMount={onMount}
        theme={theme === 'dark' ? 'wb-dark' : 'wb-light'}
        loading={<div className="code-editor__loading">Loading the diff…</div>}
        options={{
          readOnly: true,
          originalEditable: false,
          renderSideBySide: true,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          fontSize: 12.5,
          fontFamily: "'JetBrains Mono', 'SF Mono', ui-monospace, Menlo, Consolas, 'Liberation Mono', monospace",
          automaticLayout: true,
          hideUnchangedRegions: { enabled: true, contextLineCount: 3, minimumLineCount: 6, revealLineCount: 20 },
          ariaLabel: 'Raw JSON diff of the two answers (A left, B right)',
        }}
      />
    </div>
  );
}
