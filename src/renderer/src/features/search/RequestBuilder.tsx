import { useMemo, useState } from 'react';
import { systemVariables, variablesJsonSchema, applyFix, type SearchRequest } from '@shared/request';
import type { RequestDiagnostic } from '@shared/diagnostics';
import { applyMask, parseMask } from '@shared/mask';
import { DiagnosticLine, Field } from '../../components/Field';
import { Segmented } from '../../components/Segmented';
import { CodeEditor } from '../../editors/CodeEditor';
import { useJsonSchema } from '../../editors/json-schema';
import { useAppStore } from '../../store/store';
import { useLanguageContext } from '../../request-ui/builder-context';
import { OtherFindings, Section } from '../../request-ui/Section';
import { parseVariables } from '../../request-ui/parse-variables';
import { SortRows } from '../../request-ui/SortRows';
import { FilterField, MaskField } from '../../request-ui/EditorFields';
import { QueryBar } from '../../request-ui/QueryBar';
import { TargetFields } from '../../request-ui/TargetFields';
import { useProfileContext } from '../../request-ui/use-profile-context';
import { useRequestDiagnostics } from '../../request-ui/use-request-diagnostics';
import { sendBlocker, withOptionsPatch, type SearchTab } from './tab-model';

const CLAIMED = [
  'token',
  'query',
  'configurationId',
  'options.offset',
  'options.limit',
  'options.sortBy',
  'options.facets',
  'options.disable',
  'options.filter',
  'options.customResponseMask',
  'context',
];

/** The form for one search request: every field of the interface, with the shared diagnostics inline. */
export function RequestBuilder({ tab }: { tab: SearchTab }) {
  const { profile, catalog, sortable } = useProfileContext();
  const updateRequest = useAppStore((s) => s.updateRequest);
  const patchTab = useAppStore((s) => s.patchTab);
  const setRawText = useAppStore((s) => s.setRawText);
  const send = useAppStore((s) => s.send);
  const cancel = useAppStore((s) => s.cancel);
  const { request } = tab;
  const options = request.options ?? {};
  const diags = useRequestDiagnostics('search', request, profile?.sortableAttributes);
  const facets = tab.result?.response.metadata?.facets;
  const context = useLanguageContext(catalog, facets, tab.unmasked);
  useJsonSchema('search-context-variables', variablesJsonSchema, ['**/context-variables-*.json']);

  const set = (fn: (r: SearchRequest) => SearchRequest) => updateRequest(tab.id, fn);
  const setOptions = (patch: Partial<NonNullable<SearchRequest['options']>>) => set((r) => withOptionsPatch(r, patch));
  const fix = (d: RequestDiagnostic) => d.fix && set((r) => applyFix(r, d.fix!));
  const submit = () => void send(tab.id);
  const sending = tab.status === 'sending';

  const sortErrorRow = useMemo(() => {
    const field = tab.error?.exchange?.responseBody
      ? (() => {
          try {
            return String((JSON.parse(tab.error.exchange.responseBody) as { field?: unknown }).field ?? '');
          } catch {
            return '';
          }
        })()
      : '';
    const m = /^options\.sortBy\[(\d+)\]/.exec(field);
    return m ? { index: Number(m[1]), message: tab.error?.details?.serviceMessage ?? tab.error?.message ?? '' } : null;
  }, [tab.error]);

  const variablesText = useMemo(() => JSON.stringify(request.context?.variables ?? {}, null, 2), [request.context?.variables]);
  // Variables typed that are not usable yet stay in the tab (a send says why it is refused), not in the form's request.
  const variablesDraft = tab.variablesDraft;
  const variablesRead = useMemo(() => parseVariables(variablesDraft ?? ''), [variablesDraft]);
  const system = systemVariables(request, new Date());

  const maskPreview = useMemo(() => {
    const mask = options.customResponseMask ?? '';
    const sample = tab.unmasked[0];
    if (!sample || !parseMask(mask).selections) return null;
    return JSON.stringify(applyMask(mask, sample), null, 2);
  }, [options.customResponseMask, tab.unmasked]);

  const rawText = tab.rawText ?? JSON.stringify(request, null, 2);
  // The JSON view gives the request body the whole column.
  const [view, setView] = useState<'form' | 'json'>('form');
  const disabled = (options.disable ?? []).some((d) => d.name === 'facet');

  return (
    <div className="builder" aria-label="Request builder">
      <QueryBar
        id={`${tab.id}-query`}
        value={request.query ?? ''}
        onChange={(query) => set((r) => ({ ...r, query }))}
        onSend={submit}
        onCancel={() => void cancel(tab.id)}
        sending={sending}
        placeholder="Search the catalog (empty: browse everything)"
      >
        <Segmented
          label="Transport"
          value={tab.transport}
          onChange={(v) => patchTab(tab.id, { transport: v })}
          options={[
            { value: 'post', label: 'POST', title: 'POST /search with a JSON body' },
            { value: 'get', label: 'GET', title: 'GET /search/<token>?encoded=… (as a browser sends it)' },
          ]}
        />
      </QueryBar>
      {sendBlocker(tab) ? (
        <p
          className={`diag diag--error small send-blocked send-blocked--below${tab.sendRefused ? ' is-tried' : ''}`}
          role={tab.sendRefused ? 'alert' : undefined}
          data-testid="search-blocked"
        >
          {sendBlocker(tab)}
        </p>
      ) : null}
      {diags.at('query').map((d, i) => (
        <DiagnosticLine key={i} diagnostic={d} onFix={fix} />
      ))}

      <div className="builder-view">
        <Segmented
          label="Builder view"
          value={view}
          onChange={setView}
          options={[
            { value: 'form', label: 'Form', title: 'Every field of the request, with its findings' },
            { value: 'json', label: 'JSON', title: 'The request body as JSON, edited in place; the form follows it' },
          ]}
        />
        {tab.rawText !== null ? <span className="badge badge--danger">JSON is not a request</span> : null}
      </div>
      {view === 'json' ? (
        <div className="builder-scroll builder-scroll--json">
          <CodeEditor
            path={`request-${tab.id}.json`}
            language="json"
            ariaLabel="Raw request body (JSON)"
            value={rawText}
            onChange={(text) => setRawText(tab.id, text)}
            onSubmit={submit}
            minLines={12}
            maxLines={80}
            testId="raw-request"
          />
          {tab.rawProblem !== null ? (
            <p className="diag diag--error" role="alert">
              {tab.rawProblem}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="builder-scroll">
          <Section title="Target">
            <TargetFields idPrefix={tab.id} profile={profile} request={request} onChange={set} diags={diags} onFix={fix} />
            <div className="grid-2">
              <Field label="Offset" htmlFor={`${tab.id}-offset`} diagnostics={diags.at('options.offset')} onFix={fix}>
                <input
                  id={`${tab.id}-offset`}
                  className="input input--sm"
                  type="number"
                  value={options.offset ?? 0}
                  onChange={(e) => setOptions({ offset: e.target.value === '' ? 0 : Number(e.target.value) })}
                />
              </Field>
              <Field label="Limit" htmlFor={`${tab.id}-limit`} diagnostics={diags.at('options.limit')} onFix={fix}>
                <input
                  id={`${tab.id}-limit`}
                  className="input input--sm"
                  type="number"
                  value={options.limit ?? 10}
                  onChange={(e) => setOptions({ limit: e.target.value === '' ? 10 : Number(e.target.value) })}
                />
              </Field>
            </div>
          </Section>

          <Section
            title="Filter"
            badge={
              diags.at('options.filter').some((d) => d.severity === 'error') ? <span className="badge badge--danger">error</span> : null
            }
          >
            <FilterField
              modelId={`filter-${tab.id}`}
              value={options.filter ?? ''}
              onChange={(v) => setOptions({ filter: v })}
              onSubmit={submit}
              context={context}
              diagnostics={diags.at('options.filter')}
              onFix={fix}
              placeholder="e.g. price < 100 AND (colour = Black OR colour = Navy)"
              testId="filter-editor"
            />
          </Section>

          <Section title={`Sort${(options.sortBy ?? []).length ? ` (${(options.sortBy ?? []).length})` : ''}`}>
            <SortRows
              idPrefix={tab.id}
              sortBy={options.sortBy ?? []}
              sortable={sortable}
              onChange={(sortBy) => setOptions({ sortBy })}
              diagnosticsAt={diags.at}
              onFix={fix}
              serviceErrorRow={sortErrorRow}
            />
          </Section>

          <Section title={`Facet selections${(options.facets ?? []).length ? ` (${(options.facets ?? []).length})` : ''}`}>
            {(options.facets ?? []).length === 0 ? (
              <p className="muted small">None. Pick values in the facet inspector on the right.</p>
            ) : null}
            <ul className="chips">
              {(options.facets ?? []).map((f, i) => (
                <li key={i} className="chip-group">
                  <span className="chip-group__name">{f.id ?? f.attribute}</span>
                  {f.values.map(String).map((v) => (
                    <button
                      key={v}
                      type="button"
                      className="chip is-selected"
                      aria-label={`Remove ${f.id ?? f.attribute} ${v}`}
                      onClick={() => useAppStore.getState().toggleFacetValue(tab.id, f.id ?? f.attribute ?? '', v)}
                    >
                      {v} ×
                    </button>
                  ))}
                </li>
              ))}
            </ul>
            {diags.at('options.facets').map((d, i) => (
              <DiagnosticLine key={i} diagnostic={d} onFix={fix} />
            ))}
            <label className="toggle">
              <input
                type="checkbox"
                checked={disabled}
                onChange={(e) =>
                  setOptions({
                    disable: e.target.checked
                      ? [...(options.disable ?? []).filter((d) => d.name !== 'facet'), { name: 'facet' }]
                      : (options.disable ?? []).filter((d) => d.name !== 'facet'),
                  })
                }
              />
              <span>Disable facets (the answer lists none; selections still filter)</span>
            </label>
            {diags.at('options.disable').map((d, i) => (
              <DiagnosticLine key={i} diagnostic={d} onFix={fix} />
            ))}
          </Section>

          <Section title="Response mask" open={!!options.customResponseMask}>
            <MaskField
              modelId={`mask-${tab.id}`}
              value={options.customResponseMask ?? ''}
              onChange={(v) => setOptions({ customResponseMask: v })}
              onSubmit={submit}
              context={context}
              diagnostics={diags.at('options.customResponseMask')}
              onFix={fix}
              placeholder="e.g. id, product(title, price)"
              testId="mask-editor"
            />
            {options.customResponseMask && maskPreview ? (
              <div className="mask-preview">
                <div className="mask-preview__title">What this mask keeps of the first result from the last unmasked answer:</div>
                <pre className="mono" data-testid="mask-preview">
                  {maskPreview}
                </pre>
              </div>
            ) : options.customResponseMask ? (
              <p className="muted small">Send once without a mask to preview what it keeps.</p>
            ) : null}
          </Section>

          <Section title="Context variables" open={Object.keys(request.context?.variables ?? {}).length > 0}>
            <CodeEditor
              path={`context-variables-${tab.id}.json`}
              language="json"
              ariaLabel="Context variables (JSON)"
              testId="context-variables"
              value={variablesDraft ?? variablesText}
              onChange={(text) => {
                // Stays as a draft (marked by the JSON language, with the reason below) until it is an object of
                // supported values; while it is not, a send is refused and says why at the button.
                // The text stays as typed (an emptied editor does not snap back to {}).
                const read = parseVariables(text);
                patchTab(tab.id, { variablesDraft: text, ...(read.ok ? { sendRefused: false } : {}) });
                if (read.ok) set((r) => ({ ...r, context: { ...(r.context ?? {}), variables: read.value ?? {} } }));
              }}
              onSubmit={submit}
              minLines={3}
              maxLines={8}
            />
            {variablesDraft !== null && !variablesRead.ok && variablesDraft.trim() ? (
              <p className="diag diag--error" role={tab.sendRefused ? 'alert' : undefined} data-testid="variables-problem">
                {variablesRead.message} Nothing is sent until it is fixed.
              </p>
            ) : null}
            {diags.at('context').map((d, i) => (
              <DiagnosticLine key={i} diagnostic={d} onFix={fix} />
            ))}
            <details className="system-vars">
              <summary>System variables the service would set now</summary>
              <table className="kv">
                <tbody>
                  {Object.entries(system).map(([k, v]) => (
                    <tr key={k}>
                      <th className="mono">{k}</th>
                      <td className="mono">{JSON.stringify(v)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </Section>

          <OtherFindings diags={diags} claimed={CLAIMED} onFix={fix} />
        </div>
      )}
    </div>
  );
}
