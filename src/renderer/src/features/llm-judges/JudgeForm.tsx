import { useState } from 'react';
import type { WorkbenchError } from '@shared/ipc';
import { workbench } from '../../bridge';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'judge';

/** A new judge: an OpenAI-compatible endpoint, its model, its key (kept in the OS keychain) and its prices. */
export function JudgeForm({ onSaved }: { onSaved: (id: string) => void }) {
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [model, setModel] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [priceIn, setPriceIn] = useState('0');
  const [priceOut, setPriceOut] = useState('0');
  const [error, setError] = useState<WorkbenchError | null>(null);
  const field = error?.details?.issues?.[0]?.path.split('.')[0] ?? error?.details?.field;
  /** One field of the form: marked when the save was refused for it. */
  const text = (
    fieldName: string,
    label: string,
    placeholder: string,
    value: string,
    set: (value: string) => void,
    extra: { type?: string; autoComplete?: string; title?: string; inputMode?: 'decimal'; className?: string } = {},
  ) => {
    const { className, ...rest } = extra;
    return (
      <input
        className={`input input--sm${className ? ` ${className}` : ''}`}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={field === fieldName || undefined}
        {...rest}
      />
    );
  };
  return (
    <form
      className="ws-form judge-form"
      aria-label="New judge"
      onSubmit={(e) => {
        e.preventDefault();
        const id = slug(name);
        void workbench()
          .llmJudges.save({
            id: id === 'local-demo' ? 'local-demo-2' : id,
            name,
            baseUrl,
            model,
            priceIn: Number(priceIn),
            priceOut: Number(priceOut),
            ...(apiKey ? { apiKey } : {}),
          })
          .then((r) => (r.ok ? onSaved(id) : setError(r.error)));
      }}
    >
      <div className="ws-form__row">
        {text('name', 'Judge name', 'Name, e.g. GPT-4o mini', name, setName)}
        {text('baseUrl', 'Base URL', 'Base URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1', baseUrl, setBaseUrl)}
      </div>
      <div className="ws-form__row">
        {text('model', 'Model', 'Model, e.g. gpt-4o-mini', model, setModel)}
        {text('apiKey', 'API key', 'API key (to the OS keychain)', apiKey, setApiKey, {
          type: 'password',
          autoComplete: 'off',
          title: 'Kept in the OS keychain, never in a file; leave it empty for a local model',
        })}
      </div>
      <div className="ws-form__row">
        <label className="small ws-form__scale">
          Price per million input tokens
          {text('priceIn', 'Price per million input tokens', '0', priceIn, setPriceIn, {
            inputMode: 'decimal',
            className: 'judge-ask__cost',
          })}
        </label>
        <label className="small ws-form__scale">
          output tokens
          {text('priceOut', 'Price per million output tokens', '0', priceOut, setPriceOut, {
            inputMode: 'decimal',
            className: 'judge-ask__cost',
          })}
        </label>
        <Button size="sm" variant="primary" type="submit">
          Save judge
        </Button>
      </div>
      <ErrorLine error={error} />
    </form>
  );
}
