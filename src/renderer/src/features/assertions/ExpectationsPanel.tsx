import { Check, ChevronDown, ChevronRight, CircleAlert, ListChecks, Save, Trash2, X } from 'lucide-react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { evaluateAssertion, type AnswerUnderTest, type AssertionOutcome, labelOf } from '@shared/assertions';
import { expectSchema, type Assertion } from '@shared/request';
import { issuePath } from '@shared/zod';
import { Button } from '../../components/Button';
import { useInsideWindow } from '../../components/use-inside-window';
import { useAppStore } from '../../store/store';
import { autocompleteChoices, suggestChoices, type ExpectChoice } from './expect-from-screen';
import './assertions.css';

function Badge({ outcome }: { outcome: AssertionOutcome | null }) {
  if (!outcome)
    return (
      <span className="badge badge--muted expect-badge" data-status="unchecked">
        not checked
      </span>
    );
  const status = outcome.status === 'failed' ? 'failed' : outcome.warning ? 'warning' : 'passed';
  return (
    <span className={`badge expect-badge expect-badge--${status}`} data-status={status}>
      {status === 'failed' ? (
        <X size={12} aria-hidden="true" />
      ) : status === 'warning' ? (
        <CircleAlert size={12} aria-hidden="true" />
      ) : (
        <Check size={12} aria-hidden="true" />
      )}
      {status}
    </span>
  );
}

/** Reads the JSON text of an expect array: the list, or the first problem with its place. */
export function readExpectText(text: string): { ok: true; list: Assertion[] } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `Not JSON: ${(err as Error).message}` };
  }
  const parsed = expectSchema.safeParse(json);
  if (parsed.success) return { ok: true, list: parsed.data };
  const issue = parsed.error.issues[0]!;
  const path = issuePath(issue.path);
  return { ok: false, message: `${path ? `${path}: ` : ''}${issue.message}` };
}

/** What the panel shows and changes: the same for a Search tab, the Suggest screen and the Autocomplete screen. */
export interface ExpectationsProps {
  /** Makes the editor's id unique on the page. */
  idPrefix: string;
  expect: Assertion[];
  /** The answer on screen, as the assertions see it; null before the first answer or after a failed request. */
  answer: AnswerUnderTest | null;
  /** "Expect…" on the answer: what can be expected of what is on screen. */
  choices: readonly ExpectChoice[];
  onChange: (expect: Assertion[]) => void;
  onSave: () => void;
  /** The request file the expectations are saved back into; null when saving makes a new one. */
  savedFile: string | null;
  /** Where else expectations come from on this screen (a result's drawer, a suggestion, a group). */
  hint: ReactNode;
  /** Folds the panel to its one header line until opened (kept in the settings under this id): the results keep the room. */
  foldId?: string;
}

/**
 * A request's expectations, each checked on every answer with a live badge and what was seen; added from the
 * answer ("Expect…") or from what is on screen, edited as JSON, saved with the request into its file.
 */
export function ExpectationsPanel({ idPrefix, expect, answer, choices, onChange, onSave, savedFile, hint, foldId }: ExpectationsProps) {
  const savedOp = useAppStore((s) => s.savedOp);
  const opened = useAppStore((s) => (foldId ? (s.settings?.folds?.[foldId] ?? false) : true));
  const setFold = useAppStore((s) => s.setFold);
  const open = !foldId || opened;
  /** Adding or editing opens a folded panel: what was just added is seen. */
  const unfold = () => {
    if (foldId && !opened) void setFold(foldId, true);
  };
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const outcomes = useMemo(() => expect.map((a) => (answer ? evaluateAssertion(a, answer) : null)), [expect, answer]);
  const failed = outcomes.filter((o) => o?.status === 'failed').length;
  // The menu offers what is not expected yet; it stays inside the window wherever the panel is.
  const have = new Set(expect.map((a) => JSON.stringify(a)));
  const offered = choices.filter((c) => !have.has(JSON.stringify(c.assertion)));
  const menuAnchor = useRef<HTMLDivElement>(null);
  const menuList = useRef<HTMLUListElement>(null);
  const menuStyle = useInsideWindow(menuAnchor, menuList, adding);

  return (
    <section className="expectations" aria-label="Expectations" data-testid="expectations">
      <header className="expectations__head">
        {foldId ? (
          <button
            type="button"
            className="fold__toggle"
            aria-expanded={open}
            aria-label={open ? 'Fold the expectations' : 'Show the expectations'}
            onClick={() => void setFold(foldId, !open)}
          >
            {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
          </button>
        ) : null}
        <ListChecks size={15} aria-hidden="true" />
        <h3 className="expectations__title">
          Expectations <span className="badge badge--muted">{expect.length}</span>
        </h3>
        {answer && expect.length > 0 ? (
          <span className={`small ${failed ? 'expect-summary--failed' : 'muted'}`} data-testid="expect-summary">
            {failed ? `${failed} failed` : 'all pass'} on this answer
          </span>
        ) : null}
        <div className="expectations__tools">
          <div className="expect-menu" ref={menuAnchor}>
            <Button
              size="sm"
              variant="ghost"
              disabled={offered.length === 0}
              title={
                choices.length === 0
                  ? 'Send the request first: expectations are made from its answer'
                  : offered.length === 0
                    ? 'Everything this answer offers is expected already'
                    : undefined
              }
              aria-expanded={adding}
              onClick={() => setAdding((v) => !v)}
            >
              Expect…
            </Button>
            {adding && offered.length > 0 ? (
              <ul className="expect-menu__list" role="menu" aria-label="Expect of this answer" ref={menuList} style={menuStyle}>
                {offered.map((c) => (
                  <li key={c.label} role="none">
                    <button
                      type="button"
                      role="menuitem"
                      className="expect-menu__item"
                      onClick={() => {
                        onChange([...expect, c.assertion]);
                        setAdding(false);
                        unfold();
                      }}
                      onKeyDown={(e) => e.key === 'Escape' && setAdding(false)}
                    >
                      {c.label}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setProblem(null);
              setEditing(editing === null ? JSON.stringify(expect, null, 2) : null);
              unfold();
            }}
          >
            {editing === null ? 'Edit as JSON' : 'Close editor'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            icon={<Save size={13} aria-hidden="true" />}
            disabled={savedOp.status === 'sending'}
            title={
              savedFile
                ? `Saves the request and its expectations into requests/${savedFile}`
                : 'Saves the request with its expectations as a new request file'
            }
            onClick={onSave}
          >
            {savedFile ? `Save to ${savedFile}` : 'Save as request file'}
          </Button>
        </div>
      </header>
      {savedOp.status === 'error' && savedOp.error ? <p className="diag diag--error small">{savedOp.error.message}</p> : null}
      {!open ? null : editing !== null ? (
        <div className="expectations__editor">
          <label className="small muted" htmlFor={`expect-json-${idPrefix}`}>
            The request’s <span className="mono">expect</span> array, as saved in its file
          </label>
          <textarea
            id={`expect-json-${idPrefix}`}
            className="input mono expectations__json"
            spellCheck={false}
            rows={Math.min(16, Math.max(4, editing.split('\n').length))}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
          />
          {problem ? (
            <p className="diag diag--error small" role="alert">
              {problem}
            </p>
          ) : null}
          <Button
            size="sm"
            variant="primary"
            onClick={() => {
              const read = readExpectText(editing);
              if (!read.ok) return setProblem(read.message);
              onChange(read.list);
              setEditing(null);
              setProblem(null);
            }}
          >
            Apply
          </Button>
        </div>
      ) : null}
      {!open ? null : expect.length === 0 ? (
        <p className="muted small expectations__empty">
          No expectations yet. Use <strong>Expect…</strong> on this answer{hint}; saved with the request, they run as a regression suite
          (Workspace → Regression suite, or <span className="mono">search-workbench test</span>).
        </p>
      ) : (
        <ul className="stack-list expectations__list">
          {expect.map((a, i) => (
            <li key={i} className="expectations__item" data-testid="expectation">
              <Badge outcome={outcomes[i] ?? null} />
              <span className="expectations__text">
                <span className="expectations__label">
                  {outcomes[i]?.status === 'failed' ? 'expected ' : ''}
                  {labelOf(a)}
                </span>
                {outcomes[i] ? <span className="small muted expectations__seen">{outcomes[i]!.message}</span> : null}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove “${labelOf(a)}”`}
                icon={<Trash2 size={13} aria-hidden="true" />}
                onClick={() => onChange(expect.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type ScreenAnswer = AnswerUnderTest & { kind: 'suggest' | 'autocomplete' };

const SCREEN_HINTS = {
  suggest: ' (a group keeps its items, the answer is not empty)',
  autocomplete: ' (a suggestion stays within the first few, something is suggested)',
} as const;

/** The Suggest or Autocomplete screen's expectations: its request's own, checked on the answer the screen shows. */
export function ScreenExpectations({ screen, answer }: { screen: ScreenAnswer['kind']; answer: ScreenAnswer | null }) {
  const state = useAppStore((s) => s[screen]);
  const setExpect = useAppStore((s) => (screen === 'suggest' ? s.setSuggestExpect : s.setAutocompleteExpect));
  const save = useAppStore((s) => (screen === 'suggest' ? s.saveSuggestExpectations : s.saveAutocompleteExpectations));
  const choices = useMemo(() => {
    if (!answer) return [];
    return answer.kind === 'suggest' ? suggestChoices(answer.response, answer.ms) : autocompleteChoices(answer.response, answer.ms);
  }, [answer]);
  return (
    <ExpectationsPanel
      idPrefix={screen}
      expect={state.expect}
      answer={answer}
      choices={choices}
      onChange={setExpect}
      onSave={() => void save()}
      savedFile={state.saved?.file ?? null}
      hint={SCREEN_HINTS[screen]}
    />
  );
}
