import { useState } from 'react';
import { intentText, parseIntentText, type Intent } from '@shared/judgments';
import { Button } from '../../components/Button';
import './intent-editor.css';

/** An intent in a few words: "category Jackets · colour Black or Navy". */
export const intentSummary = (intent: Intent | undefined): string =>
  Object.entries(intent ?? {})
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(' or ') : v}`)
    .join(' · ');

/**
 * An intent as one line a person edits — `category: Jackets; colour: Black, Navy` — read back before it is
 * saved: a line that does not read is said beside it and nothing is saved. Enter saves, Escape cancels; an
 * empty line clears the intent.
 */
export function IntentEditor({
  query,
  initial,
  onSave,
  onCancel,
}: {
  query: string;
  initial: Intent | undefined;
  /** Saves the intent (null: cleared); true when it was saved (the editor then closes). */
  onSave: (intent: Intent | null) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(() => intentText(initial ?? {}));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const commit = async () => {
    const read = parseIntentText(text);
    if (!read.ok) return setProblem(read.message);
    setProblem(null);
    setSaving(true);
    const saved = await onSave(Object.keys(read.intent).length ? read.intent : null);
    setSaving(false);
    if (saved) onCancel();
  };
  return (
    <div className="intent-editor small">
      <label className="intent-editor__label">
        <span className="muted">Intent</span>
        <input
          className="input input--sm intent-editor__input"
          value={text}
          aria-label={`Intent of “${query}”`}
          aria-invalid={problem ? true : undefined}
          placeholder="category: Jackets; colour: Black, Navy"
          autoFocus
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // The queue's rating keys and the list's own keys stay out of the line being typed.
            e.stopPropagation();
            if (e.key === 'Enter') {
              e.preventDefault();
              void commit();
            }
            if (e.key === 'Escape') onCancel();
          }}
        />
      </label>
      <Button size="sm" onClick={() => void commit()} disabled={saving}>
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      {problem ? (
        <span className="diag diag--error" role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
