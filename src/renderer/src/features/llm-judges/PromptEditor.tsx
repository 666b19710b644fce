import { useEffect, useState } from 'react';
import type { WorkbenchError } from '@shared/ipc';
import type { PromptView } from '@shared/llm-judges';
import { workbench } from '../../bridge';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';

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
  /** One of the two messages, marked when a save was refused for it. */
  const message = (part: 'system' | 'user', label: string, value: string, set: (text: string) => void) => (
    <label className="small judge-prompt__label">
      {label}
      <textarea
        className="input judge-prompt__text"
        aria-label={label}
        value={value}
        aria-invalid={field === part || undefined}
        onChange={(e) => set(e.target.value)}
      />
    </label>
  );
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
      {message('system', 'System message', system, setSystem)}
      {message('user', 'User message', user, setUser)}
      <div className="ws-form__row">
        <Button size="sm" disabled={!edited} onClick={() => save({ system, user })}>
          Save prompt
        </Button>
        <Button size="sm" variant="ghost" disabled={prompt?.source !== 'workspace'} onClick={() => save(null)}>
          Use the default
        </Button>
      </div>
      <ErrorLine error={error} />
    </details>
  );
}
