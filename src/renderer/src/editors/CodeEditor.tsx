import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { EDITOR_FONT, EDITOR_FONT_SIZE, editorHeight, LINE } from './editor-metrics';
import type { CodeEditorProps } from './code-editor-props';

export type { CodeEditorProps } from './code-editor-props';

const MonacoCodeEditor = lazy(() => import('./MonacoCodeEditor'));

/** Whether Monaco has been asked for once: later editors mount it at once. */
let monacoWanted = false;

/** After first paint, when the browser is idle (or at the latest after 2 s). */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/** If Monaco cannot load (a chunk missing or refused), the editor falls back to a plain text area, never a blank screen. */
class EditorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A code editor that costs nothing on first paint: a light read-only
 * rendering of its text (same font, line height and height as Monaco) until
 * Monaco is needed — on focus, on hover, or when the browser is idle after
 * first paint — then Monaco in the same box, so nothing moves. Monaco's code
 * is its own chunk, never loaded by the first screen.
 */
export function CodeEditor(props: CodeEditorProps) {
  const { value, minLines = 1, maxLines = 12, readOnly, placeholder, ariaLabel, testId } = props;
  const [active, setActive] = useState(monacoWanted);
  // Focus goes to Monaco when it mounts because the user focused the light rendering.
  const [focusOnMount, setFocusOnMount] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);

  const activate = (focus: boolean) => {
    monacoWanted = true;
    if (focus) setFocusOnMount(true);
    setActive(true);
  };
  useEffect(() => (active ? undefined : whenIdle(() => activate(false))), [active]);

  const lines = value === '' ? 1 : value.split('\n').length;
  const gutter = maxLines > 3;
  const light = (
    <div
      className={`code-editor__light${gutter ? ' has-gutter' : ''}`}
      style={{ fontFamily: EDITOR_FONT, fontSize: EDITOR_FONT_SIZE, lineHeight: `${LINE}px` }}
      aria-hidden={active}
    >
      {value === '' && placeholder ? <span className="code-editor__placeholder">{placeholder}</span> : value}
    </div>
  );

  return (
    <div
      className={`code-editor${readOnly ? ' is-readonly' : ''}`}
      ref={containerRef}
      data-testid={testId}
      style={{ height: editorHeight(lines, minLines, maxLines) }}
      {...(active
        ? {}
        : {
            role: 'textbox',
            'aria-label': ariaLabel,
            'aria-readonly': true,
            'aria-multiline': maxLines > 1,
            tabIndex: 0,
            onFocus: () => activate(true),
            onPointerEnter: () => activate(false),
          })}
    >
      {active ? (
        <EditorBoundary
          fallback={
            <textarea
              className="code-editor__plain"
              aria-label={`${ariaLabel} (plain text: the code editor could not load)`}
              style={{ fontFamily: EDITOR_FONT, fontSize: EDITOR_FONT_SIZE, lineHeight: `${LINE}px` }}
              value={value}
              readOnly={readOnly ?? !props.onChange}
              placeholder={placeholder}
              spellCheck={false}
              onChange={(e) => props.onChange?.(e.target.value)}
            />
          }
        >
          <Suspense fallback={light}>
            <MonacoCodeEditor
              {...props}
              minLines={minLines}
              maxLines={maxLines}
              containerRef={containerRef}
              autoFocus={focusOnMount}
              loading={light}
            />
          </Suspense>
        </EditorBoundary>
      ) : (
        light
      )}
    </div>
  );
}
