import { useEffect, useState } from 'react';
import type { WorkbenchError } from '@shared/ipc';
import type { PromptView } from '@shared/llm-judges';
import { workbench } from '../../bridge';
import { Button } from '../../components/Button';

/**
 * The prompt a judge is asked with: the default, or the workspace's own (judge-prompt.json, kept in git with the
 * rest). Its version is a hash of its two messages: verdicts are cached under it, so an edited prompt judges again.
 */
export function PromptEditor() {
  const [prompt, setPrompt] = useState<PromptView | null>(null);
  const [system, setSystem] = useState('');
  const [user, setUser] = useState('');
  const [error, setError] = useState<WorkbenchError | null>(null);
  const show = (view: PromptView) => {
    setPrompt(view);
    setSystem(view.system);
    setUser(view.user);
    setError(null);
  };
  useEffect(() => {
    void workbench()
      .llmJudges.prompt({})
      .then((r) => (r.ok ? show(r.value) : setError(r.error)));
  }, []);
  const save = (template: { system: string; user: string } | null) =>
    void workbench()
      .llmJudges.setPrompt({ template })
      .then((r) => (r.ok ? show(r.value) : setError(r.error)));
  const field = error?.details?.issues?.[0]?.path.split('.')[1] ?? error?.details?.field;
  const edited = prompt !== null && (system !== prompt.system || user !== prompt.user);
  return (
    <details className="judge-prompt">
      <summary className="small">
        Prompt:{' '}
        {prompt
          ? `${prompt.source === 'workspace' ? 'the workspace’s judge-prompt.json' : 'the default'} · version ${prompt.version}`
          : '…'}
      </summary>
      <p className="small muted">
        Placeholders: <span className="mono">{'{{scale}}'}</span> (each grade and its meaning), <span className="mono">{'{{query}}'}</span>,{' '}
        <span className="mono">{'{{intent}}'}</span> (the query set&apos;s, where it has one) and <span className="mono">{'{{item}}'}</span>{' '}
        (the item as JSON: its id and the fields shown). A saved prompt is a new version: pairs are asked again.
      </p>
      <label className="small judge-prompt__label">
        System message
        <textarea
          className="input judge-prompt__text"
          aria-label="System message"
          value={system}
          aria-invalid={field === 'system' || undefined}
          onChange={(e) => setSystem(e.target.value)}
        />
      </label>
      <label className="small judge-prompt__label">
        User message
        <textarea
          className="input judge-prompt__text"
          aria-label="User message"
          value={user}
          aria-invalid={field === 'user' || undefined}
          onChange={(e) => setUser(e.target.value)}
        />
      </label>
      <div className="ws-form__row">
        <Button size="sm" disabled={!edited} onClick={() => save({ system, user })}>
          Save prompt
        </Button>
        <Button size="sm" variant="ghost" disabled={prompt?.source !== 'workspace'} onClick={() => save(null)}>
          Use the default
        </Button>
      </div>
      {error ? (
        <p className="diag diag--error small" role="alert">
          {error.message}
        </p>
      ) : null}
    </details>
  );
}
