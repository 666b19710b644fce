import { AlertTriangle, TextCursorInput } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { AUTOCOMPLETE_PREREQUISITES, isAutocompleteNotActivated, typedPrefixLength } from '@shared/autocomplete';
import type { RequestDiagnostic } from '@shared/diagnostics';
import { applyFix, LIMITS, type AutocompleteRequest } from '@shared/request';
import { Field } from '../../components/Field';
import { useAppStore } from '../../store/store';
import { AnswerBody, PanelSwitch, type AnswerPanel } from '../../request-ui/AnswerBody';
import { useLanguageContext } from '../../request-ui/builder-context';
import { Section } from '../../request-ui/Section';
import { ServiceError } from '../../request-ui/ServiceError';
import { FilterField } from '../../request-ui/EditorFields';
import { TargetFields } from '../../request-ui/TargetFields';
import { useProfileContext } from '../../request-ui/use-profile-context';
import { useRequestDiagnostics } from '../../request-ui/use-request-diagnostics';
import { BuilderAndAnswer, foldCommand } from '../../components/SplitPanes';
import { useCommands } from '../../shell/commands';
import { ScreenExpectations } from '../assertions';
import { highlightAt, highlightIndex, stepHighlight, type Highlight } from './highlight';
import './autocomplete.css';

/** How long typing must pause before a request goes out; a newer keystroke cancels the one in flight. */
const DEBOUNCE_MS = 120;

function NotActivated({ message }: { message: string }) {
  return (
    <div className="not-activated" role="alert" data-testid="autocomplete-not-activated">
      <h3>Autocomplete is not activated for this tenant</h3>
      <p className="muted small">The service said: “{message}”</p>
      <p>Autocomplete is a beta feature. It works once all three of these are in place:</p>
      <ol className="prerequisites">
        {AUTOCOMPLETE_PREREQUISITES.map((p, i) => (
          <li key={p.title}>
            <span className="prerequisites__n" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <strong>{p.title}</strong>
              <span>{p.detail}</span>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Autocomplete as a shopper meets it: suggestions while typing, the typed part marked, counts, and a pick opens the search. */
/**
 * Typing is what this screen is for, so its field takes the focus when it
 * appears — unless someone is moving through the navigation by keyboard,
 * whose place there is kept.
 */
function keyboardInNavigation(): boolean {
  const active = document.activeElement;
  return !!active?.closest('.nav-rail') && active.matches(':focus-visible');
}

export default function AutocompleteScreen() {
  const state = useAppStore((s) => s.autocomplete);
  const update = useAppStore((s) => s.updateAutocomplete);
  const run = useAppStore((s) => s.runAutocomplete);
  const pick = useAppStore((s) => s.searchSuggestion);
  const { profile, catalog } = useProfileContext();
  const { request, result, error } = state;
  // The highlighted suggestion and the prefix it was offered for: a newer answer for that prefix keeps it.
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const [panel, setPanel] = useState<AnswerPanel>('results');
  const diags = useRequestDiagnostics('autocomplete', request);
  useCommands('autocomplete', () => [foldCommand('autocomplete', 'builder', 'request builder', 'Autocomplete', 'Mod+B')]);
  const takeFocus = useCallback((input: HTMLInputElement | null) => {
    if (input && !keyboardInNavigation()) input.focus();
  }, []);
  const context = useLanguageContext(catalog, undefined, []);
  const set = (fn: (r: AutocompleteRequest) => AutocompleteRequest) => update(fn);
  const fix = (d: RequestDiagnostic) => d.fix && set((r) => applyFix(r, d.fix!));

  useEffect(() => {
    const first = profile?.searchTokens[0]?.token;
    if (!request.token && first) update((r) => ({ ...r, token: first }));
  }, [profile, request.token, update]);

  // Live: every change to the request (typing, the count, the token) asks again after a short pause — and so does
  // a request opened from a file or a suite, even one the same as the last.
  const key = JSON.stringify(request);
  useEffect(() => {
    if (!request.query.trim() || !request.token) return;
    const timer = setTimeout(() => void run(), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, state.loads, request.query, request.token, run]);

  const suggestions = useMemo(() => {
    if (!result) return [];
    return (result.response.suggestions ?? []).map((s) => ({ ...s, typed: typedPrefixLength(s.suggestion, result.sent.query) }));
  }, [result]);
  const shownTexts = useMemo(() => suggestions.map((s) => s.suggestion), [suggestions]);
  const active = highlightIndex(highlight, result?.sent.query, shownTexts);
  const setActive = (index: number) => setHighlight(highlightAt(index, result?.sent.query, shownTexts));
  const stale = result && result.sent.query !== request.query;
  const listShown = !error && suggestions.length > 0 && request.query.trim() !== '';
  const notActivated = error && isAutocompleteNotActivated(error);
  const n = request.options?.numberOfSuggestions ?? LIMITS.numberOfSuggestions.default;
  const rawJson = useMemo(() => (result ? JSON.stringify(result.response, null, 2) : null), [result]);
  // Expectations are checked on the answer to what is typed now, not on one still catching up with the typing.
  const answer = useMemo(
    () =>
      result && !error && !stale ? { kind: 'autocomplete' as const, response: result.response, ms: result.exchange.timings.totalMs } : null,
    [result, error, stale],
  );

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && listShown) {
      e.preventDefault();
      setActive(stepHighlight(active, 1, suggestions.length));
    } else if (e.key === 'ArrowUp' && listShown) {
      e.preventDefault();
      setActive(stepHighlight(active, -1, suggestions.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = (listShown ? suggestions[active]?.suggestion : undefined) ?? request.query.trim();
      if (chosen) pick(chosen);
    } else if (e.key === 'Escape') setActive(-1);
  };

  let list: React.ReactNode;
  if (!request.query.trim())
    list = (
      <div className="empty-state empty-state--inline">
        <TextCursorInput size={28} aria-hidden="true" />
        <h2 className="empty-state__title">Type as a shopper would</h2>
        <p className="muted">
          Suggestions come from earlier queries that returned results, most viewed first. Arrow keys move, Enter opens the suggestion as a
          search.
        </p>
      </div>
    );
  else if (error)
    list = notActivated ? (
      <NotActivated message={error.details?.serviceMessage ?? error.message} />
    ) : (
      <ServiceError error={error} onShowExchange={() => setPanel('exchange')} />
    );
  else if (result && suggestions.length === 0)
    list = (
      <p className="muted ac-none" data-testid="autocomplete-none">
        No suggestion extends “{result.sent.query}”: no earlier query starting with it returned results in the last week.
      </p>
    );
  else
    list = (
      <ul
        id="ac-listbox"
        role="listbox"
        aria-label="Suggestions"
        className={`ac-list${stale ? ' is-stale' : ''}`}
        data-testid="suggestions"
      >
        {suggestions.map((s, i) => (
          <li
            key={s.suggestion}
            id={`ac-option-${i}`}
            role="option"
            aria-selected={i === active}
            className={`ac-option${i === active ? ' is-active' : ''}`}
            onMouseEnter={() => setActive(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(s.suggestion)}
            data-testid="suggestion"
          >
            <span className="ac-option__text">
              {s.typed > 0 ? <mark className="ac-typed">{s.suggestion.slice(0, s.typed)}</mark> : null}
              <span className="ac-rest">{s.typed >= 0 ? s.suggestion.slice(s.typed) : s.suggestion}</span>
            </span>
            {s.typed < 0 ? (
              <span className="ac-flag" title="The interface says each suggestion extends the typed query; this one does not.">
                <AlertTriangle size={12} aria-hidden="true" /> does not extend the query
              </span>
            ) : null}
            {s.count !== undefined ? <span className="ac-count">{s.count.toLocaleString('en-US')}</span> : null}
          </li>
        ))}
      </ul>
    );

  return (
    <div className="autocomplete-screen">
      {state.saved ? <div className="tab-origin small muted">Saved · {state.saved.file}</div> : null}
      <BuilderAndAnswer
        screen="autocomplete"
        builder={
          <div className="builder" aria-label="Autocomplete request">
            <div className="builder-scroll">
              <Section title="Target">
                <TargetFields idPrefix="autocomplete" profile={profile} request={request} onChange={set} diags={diags} onFix={fix} />
                <Field
                  label={`Number of suggestions: ${n}`}
                  htmlFor="ac-count"
                  diagnostics={diags.at('options.numberOfSuggestions')}
                  onFix={fix}
                  hint={`${LIMITS.numberOfSuggestions.min} to ${LIMITS.numberOfSuggestions.max}; the service's default is ${LIMITS.numberOfSuggestions.default}.`}
                >
                  <input
                    id="ac-count"
                    type="range"
                    min={LIMITS.numberOfSuggestions.min}
                    max={LIMITS.numberOfSuggestions.max}
                    value={n}
                    onChange={(e) => set((r) => ({ ...r, options: { ...r.options, numberOfSuggestions: Number(e.target.value) } }))}
                  />
                </Field>
              </Section>
              <Section title="Filter" open={!!request.options?.filter}>
                <FilterField
                  modelId="filter-autocomplete"
                  value={request.options?.filter ?? ''}
                  onChange={(v) =>
                    set((r) => {
                      const { filter: _f, ...rest } = r.options ?? {};
                      return { ...r, options: v.trim() ? { ...rest, filter: v } : rest };
                    })
                  }
                  context={context}
                  diagnostics={diags.at('options.filter')}
                  onFix={fix}
                  placeholder="e.g. stock > 0 (only count items that match)"
                />
              </Section>
              <Section title="Live statistics">
                <table className="kv ac-stats" data-testid="ac-stats">
                  <tbody>
                    <tr>
                      <th>Requests sent</th>
                      <td>{state.sent}</td>
                    </tr>
                    <tr>
                      <th>Cancelled as stale</th>
                      <td>{state.cancelled}</td>
                    </tr>
                    <tr>
                      <th>Last answer</th>
                      <td>
                        {result
                          ? `${Math.round(result.exchange.timings.totalMs)} ms round trip, ${result.response.metadata?.time ?? '—'} ms in the service`
                          : '—'}
                      </td>
                    </tr>
                    <tr>
                      <th>Matching suggestions</th>
                      <td>{result?.response.metadata?.count ?? '—'}</td>
                    </tr>
                  </tbody>
                </table>
                <p className="muted small">Keystrokes stay out of the history; open a suggestion to search it and record that.</p>
              </Section>
            </div>
          </div>
        }
        answer={
          <div className="results">
            <div className="results-head">
              <div className="results-head__stats" aria-live="polite">
                {error ? (
                  <span className="stat">{notActivated ? 'Autocomplete not activated' : 'The last request failed'}</span>
                ) : result ? (
                  <span className="stat" data-testid="suggestion-count">
                    <strong>{suggestions.length}</strong> {suggestions.length === 1 ? 'suggestion' : 'suggestions'} for “{result.sent.query}
                    ”
                  </span>
                ) : (
                  <span className="muted">No answer yet</span>
                )}
                {state.status === 'sending' ? <span className="stat muted">asking…</span> : null}
              </div>
              <div className="results-head__tools">
                <PanelSwitch value={panel} onChange={setPanel} resultsLabel="Suggestions" />
              </div>
            </div>
            <div className="results-body">
              <AnswerBody panel={panel} id="autocomplete" rawJson={rawJson} exchange={error?.exchange ?? result?.exchange}>
                <div className="ac-stage">
                  <div className="ac-box">
                    <label className="visually-hidden" htmlFor="ac-query">
                      Typed query
                    </label>
                    <input
                      id="ac-query"
                      className="input input--lg"
                      role="combobox"
                      aria-expanded={listShown}
                      aria-controls={listShown ? 'ac-listbox' : undefined}
                      aria-autocomplete="list"
                      aria-activedescendant={listShown && active >= 0 ? `ac-option-${active}` : undefined}
                      autoComplete="off"
                      spellCheck={false}
                      placeholder="Start typing, like a shopper: jac…"
                      value={request.query}
                      onChange={(e) => {
                        // Typing starts over: the highlight belonged to what was typed before.
                        setHighlight(null);
                        set((r) => ({ ...r, query: e.target.value }));
                      }}
                      onKeyDown={onKeyDown}
                      ref={takeFocus}
                    />
                    {list}
                  </div>
                </div>
              </AnswerBody>
            </div>
            <ScreenExpectations screen="autocomplete" answer={answer} />
          </div>
        }
      />
    </div>
  );
}
