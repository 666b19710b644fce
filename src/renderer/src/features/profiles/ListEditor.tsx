import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { splitValues } from '@shared/suggest';
import { Button } from '../../components/Button';

/** A list of short strings as removable chips with an input to add more (Enter, or paste several). */
export function ListEditor({
  id,
  label,
  values,
  onChange,
  placeholder,
  disabled = false,
}: {
  id: string;
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder: string;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const next = splitValues(draft).filter((v) => !values.includes(v));
    if (next.length) onChange([...values, ...next]);
    setDraft('');
  };
  return (
    <div className="list-editor">
      {values.length > 0 ? (
        <ul className="chip-list list-editor__chips" aria-label={label}>
          {values.map((v) => (
            <li key={v}>
              <span className="chip">
                {v}
                {!disabled ? (
                  <button
                    type="button"
                    className="chip__remove"
                    aria-label={`Remove ${v}`}
                    onClick={() => onChange(values.filter((x) => x !== v))}
                  >
                    <X size={11} aria-hidden="true" />
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">None yet.</p>
      )}
      {!disabled ? (
        <div className="list-editor__add">
          <input
            id={id}
            className="input input--sm"
            value={draft}
            placeholder={placeholder}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button size="sm" onClick={add} disabled={!draft.trim()} icon={<Plus size={12} aria-hidden="true" />}>
            Add
          </Button>
        </div>
      ) : null}
    </div>
  );
}
