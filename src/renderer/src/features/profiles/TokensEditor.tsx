import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/Button';

export interface SearchToken {
  label: string;
  token: string;
}

/** Search tokens of a profile: each with a label (storefront, app…), added and removed in place. */
export function TokensEditor({
  tokens,
  onChange,
  errors,
  disabled = false,
}: {
  tokens: SearchToken[];
  onChange: (tokens: SearchToken[]) => void;
  errors: Map<string, string>;
  disabled?: boolean;
}) {
  const setAt = (i: number, patch: Partial<SearchToken>) => onChange(tokens.map((t, k) => (k === i ? { ...t, ...patch } : t)));
  return (
    <div className="tokens-editor">
      {tokens.length === 0 ? <p className="muted small">No search token yet: add the one from the management console.</p> : null}
      {tokens.map((t, i) => (
        <div key={i} className="token-row">
          <div className="token-row__fields">
            <input
              className="input input--sm"
              aria-label={`Label of token ${i + 1}`}
              placeholder="e.g. storefront"
              value={t.label}
              disabled={disabled}
              onChange={(e) => setAt(i, { label: e.target.value })}
            />
            <input
              className="input input--sm mono"
              aria-label={`Search token ${i + 1}`}
              placeholder="e.g. the search token"
              value={t.token}
              disabled={disabled}
              onChange={(e) => setAt(i, { token: e.target.value })}
            />
            {!disabled ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove token ${t.label || i + 1}`}
                onClick={() => onChange(tokens.filter((_, k) => k !== i))}
                icon={<Trash2 size={13} aria-hidden="true" />}
              />
            ) : null}
          </div>
          {[errors.get(`searchTokens[${i}].label`), errors.get(`searchTokens[${i}].token`)].filter(Boolean).map((m) => (
            <p key={m} className="diag diag--error">
              {m}
            </p>
          ))}
        </div>
      ))}
      {!disabled ? (
        <Button
          size="sm"
          variant="ghost"
          icon={<Plus size={13} aria-hidden="true" />}
          onClick={() => onChange([...tokens, { label: tokens.length ? `token ${tokens.length + 1}` : 'storefront', token: '' }])}
        >
          Add token
        </Button>
      ) : null}
    </div>
  );
}
