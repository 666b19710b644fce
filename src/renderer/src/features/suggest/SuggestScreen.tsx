import { LayoutGrid } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { RequestDiagnostic } from '@shared/diagnostics';
import { groupableAttributes } from '@shared/suggest';
import { toCurl } from '@shared/curl';
import { applyFix, buildHttpRequest, type SuggestRequest } from '@shared/request';
import { CopyButton } from '../../components/CopyButton';
import { DiagnosticLine } from '../../components/Field';
import { modKey } from '../../shell/keys';
import { useAppStore } from '../../store/store';
import { AnswerBody, PanelSwitch, SendingProgress } from '../../request-ui/AnswerBody';
import { useLanguageContext } from '../../request-ui/builder-context';
import { OtherFindings, Section } from '../../request-ui/Section';
import { ServiceError } from '../../request-ui/ServiceError';
import { SortRows } from '../../request-ui/SortRows';
import { FilterField, MaskField } from '../../request-ui/EditorFields';
import { QueryBar } from '../../request-ui/QueryBar';
import { TargetFields } from '../../request-ui/TargetFields';
import { useProfileContext } from '../../request-ui/use-profile-context';
import { holdErrors, useRequestDiagnostics } from '../../request-ui/use-request-diagnostics';
import { useSendShortcut } from '../../request-ui/use-send-shortcut';
import { ScreenExpectations } from '../assertions';
import { GroupByBuilder } from './GroupByBuilder';
import { sourceKey } from './suggest-slice';
import { SuggestGroups } from './SuggestGroups';
import { BuilderAndAnswer, foldCommand } from '../../components/SplitPanes';
import { useCommands } from '../../shell/commands';
import './suggest.css';

const CLAIMED = ['token', 'query', 'configurationId', 'options.groupBy', 'options.filter', 'options.sortBy', 'options.customResponseMask'];

/** Product suggest: items for a query in one group per value of an attribute, with the 100-item cap explained before sending. */
export default function SuggestScreen() {
  const state = useAppStore((s) => s.suggest);
  const update = useAppStore((s) => s.updateSuggest);
  const send = useAppStore((s) => s.sendSuggest);
  const cancel = useAppStore((s) => s.cancelSuggest);
  const setPanel = useAppStore((s) => s.setSuggestPanel);
  const loadGroupSource = useAppStore((s) => s.loadGroupSource);
  const { profile, catalog, sortable } = useProfileContext();
  const { request, source, result, error } = state;
  const options = request.options;

  // The first token of the active profile, until the user picks one.
  useEffect(() => {
    const first = profile?.searchTokens[0]?.token;
    if (!request.token && first) update((r) => ({ ...r, token: first }));
  }, [profile, request.token, update]);

  // The facets behind the attribute and value pickers follow the query, filter and configuration.
  const key = sourceKey(request);
  useEffect(() => {
    if (!request.token) return;
    const timer = setTimeout(() => void loadGroupSource(), 400);
    return () => clearTimeout(timer);
  }, [key, request.token, loadGroupSource]);

  // Errors of an untouched form wait: they show once a send was tried, the groups were left, or there is an answer.
  const [checked, setChecked] = useState(false);
  const attempt = () => {
    setChecked(true);
    void send();
  };
  useSendShortcut(attempt, () => (state.status === 'sending' ? void cancel() : undefined));
  useCommands('suggest', () => [
    { id: 'suggest:send', title: 'Send the suggest request', group: 'Suggest', keys: 'Mod+Enter', run: attempt },
    foldCommand('suggest', 'builder', 'request builder', 'Suggest', 'Mod+B'),
  ]);

  const live = useRequestDiagnostics('suggest', request, profile?.sortableAttributes);
  const diags = useMemo(() => holdErrors(live, !checked && !result && !error), [live, checked, result, error]);
  const facets = source.result?.facets;
  const samples = source.result?.samples;
  const attributes = useMemo(() => groupableAttributes(catalog, facets ?? [], samples ?? []), [catalog, facets, samples]);
  const answerItems = useMemo(() => result?.response.groups?.flatMap((g) => g.items ?? []) ?? [], [result]);
  const context = useLanguageContext(catalog, facets ?? [], samples?.length ? samples : answerItems);
  const set = (fn: (r: SuggestRequest) => SuggestRequest) => update(fn);
  const setOptions = (p: Partial<SuggestRequest['options']>) => set((r) => ({ ...r, options: { ...r.options, ...p } }));
  const fix = (d: RequestDiagnostic) => d.fix && set((r) => applyFix(r, d.fix!));
  const sending = state.status === 'sending';
  const groups = result?.response.groups ?? [];
  const meta = result?.response.metadata;
  const rawJson = useMemo(() => (result ? JSON.stringify(result.response, null, 2) : null), [result]);
  const baseUrl = profile?.searchUrl ?? '';
  const answer = useMemo(() => {
    if (!result || error) return null;
    const mask = result.sent.options.customResponseMask?.trim();
    return { kind: 'suggest' as const, response: result.response, ms: result.exchange.timings.totalMs, ...(mask ? { mask } : {}) };
  }, [result, error]);

  let body: React.ReactNode;
  if (error) body = <ServiceError error={error} onShowExchange={() => setPanel('exchange')} />;
  else if (!result)
    body = (
      <div className="empty-state empty-state--inline">
        <LayoutGrid size={28} aria-hidden="true" />
        <h2 className="empty-state__title">Choose an attribute and its values, then send</h2>
        <p className="muted">
          Each value becomes a group of items for the query. The plan under the size tells you how many items each group will get before you
          send. <kbd>{modKey()}</kbd>+<kbd>Enter</kbd> sends.
        </p>
      </div>
    );
  else body = <SuggestGroups groups={groups} sent={result.sent} />;

  return (
    <div className="suggest-screen">
      {state.origin ? <div className="tab-origin small muted">{state.origin}</div> : null}
      <BuilderAndAnswer
        screen="suggest"
        builder={
          <div className="builder" aria-label="Suggest request">
            <QueryBar
              id="suggest-query"
              value={request.query}
              onChange={(query) => set((r) => ({ ...r, query }))}
              onSend={attempt}
              onCancel={() => void cancel()}
              sending={sending}
              placeholder="Query (empty: every item)"
            />
            {diags.at('query').map((d, i) => (
              <DiagnosticLine key={i} diagnostic={d} onFix={fix} />
            ))}
            <div className="builder-scroll">
              <Section title="Target">
                <TargetFields idPrefix="suggest" profile={profile} request={request} onChange={set} diags={diags} onFix={fix} />
              </Section>
              <Section title="Groups">
                <div
                  className="groups-fields"
                  onBlur={(e) => {
                    if (!e.currentTarget.contains(e.relatedTarget)) setChecked(true);
                  }}
                >
                  <GroupByBuilder
                    groupBy={options.groupBy}
                    onChange={(groupBy) => setOptions({ groupBy })}
                    attributes={attributes}
                    source={source}
                    onRefresh={() => void loadGroupSource(true)}
                    diags={diags}
                    onFix={fix}
                  />
                </div>
              </Section>
              <Section title="Filter" open={!!options.filter}>
                <FilterField
                  modelId="filter-suggest"
                  value={options.filter ?? ''}
                  onChange={(v) => setOptions({ filter: v })}
                  onSubmit={attempt}
                  context={context}
                  diagnostics={diags.at('options.filter')}
                  onFix={fix}
                  placeholder="e.g. price < 100 AND colour = Black"
                  testId="suggest-filter-editor"
                />
              </Section>
              <Section
                title={`Sort${(options.sortBy ?? []).length ? ` (${(options.sortBy ?? []).length})` : ''}`}
                open={!!options.sortBy?.length}
              >
                <SortRows
                  idPrefix="suggest"
                  sortBy={options.sortBy ?? []}
                  sortable={sortable}
                  onChange={(sortBy) => setOptions({ sortBy })}
                  diagnosticsAt={diags.at}
                  onFix={fix}
                  serviceErrorRow={null}
                />
              </Section>
              <Section title="Response mask" open={!!options.customResponseMask}>
                <MaskField
                  modelId="mask-suggest"
                  value={options.customResponseMask ?? ''}
                  onChange={(v) => setOptions({ customResponseMask: v })}
                  onSubmit={attempt}
                  context={context}
                  diagnostics={diags.at('options.customResponseMask')}
                  onFix={fix}
                  placeholder="e.g. id, score, kind, context, product(title, price)"
                />
              </Section>
              <OtherFindings diags={diags} claimed={CLAIMED} onFix={fix} />
            </div>
          </div>
        }
        answer={
          <div className={`results${sending ? ' is-sending' : ''}`} aria-busy={sending}>
            <SendingProgress sending={sending} />
            <div className="results-head">
              <div className="results-head__stats" aria-live="polite">
                {result && meta ? (
                  <>
                    <span className="stat" data-testid="group-count">
                      <strong>{groups.length}</strong> {groups.length === 1 ? 'group' : 'groups'}
                    </span>
                    <span className="stat">
                      <strong>{answerItems.length}</strong> items
                    </span>
                    <span className="stat">{meta.time} ms</span>
                    <span className="stat">
                      config <span className="mono">{meta.configurationId}</span>
                    </span>
                  </>
                ) : (
                  <span className="muted">No answer yet</span>
                )}
              </div>
              <div className="results-head__tools">
                <PanelSwitch value={state.panel} onChange={setPanel} resultsLabel="Groups" />
              </div>
            </div>
            {result?.warnings.map((w, i) => (
              <p key={i} className="diag diag--warning">
                {w}
              </p>
            ))}
            <div className="results-body">
              <AnswerBody panel={state.panel} id="suggest" rawJson={rawJson} exchange={error?.exchange ?? result?.exchange}>
                {body}
              </AnswerBody>
            </div>
            <ScreenExpectations screen="suggest" answer={answer} />
            <div className="share-bar">
              <span className="muted small">Copy request as</span>
              <CopyButton label="cURL" text={() => toCurl(buildHttpRequest('suggest', baseUrl, request))} />
              <CopyButton label="JSON body" text={() => JSON.stringify(request, null, 2)} />
            </div>
          </div>
        }
      />
    </div>
  );
}
