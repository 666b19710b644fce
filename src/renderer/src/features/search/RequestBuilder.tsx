import { ChevronDown, ChevronRight, Play, Square } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { systemVariables, variablesJsonSchema } from '../../../../shared/context/variables';
import type { RequestDiagnostic } from '../../../../shared/diagnostics';
import { applyFix } from '../../../../shared/request/fixes';
import type { SearchRequest } from '../../../../shared/request/types';
import { applyMask, parseMask } from '../../../../shared/mask';
import { Button } from '../../components/Button';
import { DiagnosticLine, Field } from '../../components/Field';
import { Segmented } from '../../components/Segmented';
import { CodeEditor } from '../../editors/CodeEditor';
import { FILTER_LANGUAGE } from '../../editors/filter-language';
import { MASK_LANGUAGE } from '../../editors/mask-language';
import { useJsonSchema } from '../../editors/json-schema';
import { modKey } from '../../shell/keys';
import { useAppStore } from '../../store/store';
import { useLanguageContext } from './builder-context';
import { SortRows } from './SortRows';
import type { SearchTab } from './tab-model';
import { useRequestDiagnostics } from './use-request-diagnostics';

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

function Section({
  title,
  open: initial = true,
  children,
  badge,
}: {
  title: string;
  open?: boolean;
  children: ReactNode;
  badge?: ReactNode;
}) {
  const [open, setOpen] = useState(initial);
  return (
    <section className="builder-section">
      <button type="button" className="builder-section__head" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
        <span>{title}</span>
        {badge}
      </button>
      {open ? <div className="builder-section__body">{children}</div> : null}
    </section>
  );
}

/** The form for one search request: every field of the interface, with the shared diagnostics inline. */
export function RequestBuilder({ tab }: { tab: SearchTab }) {
  const profile = useAppStore((s) => s.activeProfile());
  const catalogAttributes = useAppStore((s) => (profile ? s.catalogAttributes[profile.id] : undefined));
  const updateRequest = useAppStore((s) => s.updateRequest);
  const patchTab = useAppStore((s) => s.patchTab);
  const setRawText = useAppStore((s) => s.setRawText);
  const send = useAppStore((s) => s.send);
  const cancel = useAppStore((s) => s.cancel);
  const { request } = tab;
  const options = request.options ?? {};
  const sortable = useMemo(() => {
    const fromCatalog = Array.isArray(catalogAttributes) ? catalogAttributes.filter((a) => a.sortable).map((a) => a.name) : [];
    return [...new Set([...(profile?.sortableAttributes ?? []), ...fromCatalog])];
  }, [profile, catalogAttributes]);
  const diags = useRequestDiagnostics('search', request, profile?.sortableAttributes);
  const facets = tab.result?.response.metadata?.facets;
  const context = useLanguageContext(Array.isArray(catalogAttributes) ? catalogAttributes : undefined, facets, tab.unmasked);
  useJsonSchema('search-context-variables', variablesJsonSchema, ['**/context-variables-*.json']);

  const set = (fn: (r: SearchRequest) => SearchRequest) => updateRequest(tab.id, fn);
  const setOptions = (patch: Partial<NonNullable<SearchRequest['options']>>) =>
    set((r) => ({ ...r, options: { ...(r.options ?? {}), ...patch } }));
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
  const [variablesDraft, setVariablesDraft] = useState<string | null>(null);
  const system = systemVariables(request, new Date());

  const maskPreview = useMemo(() => {
    const mask = options.customResponseMask ?? '';
    const sample = tab.unmasked[0];
    if (!sample || !parseMask(mask).selections) return null;
    return JSON.stringify(applyMask(mask, sample), null, 2);
  }, [options.customResponseMask, tab.unmasked]);

  const rawText = tab.rawText ?? JSON.stringify(request, null, 2);
  const disabled = (options.disable ?? []).some((d) => d.name === 'facet');

  return (
    <div className="builder" aria-label="Request builder">
      <div className="query-bar">
        <label className="visually-hidden" htmlFor={`${tab.id}-query`}>
          Query
        </label>
        <input
          id={`${tab.id}-query`}
          className="input input--lg query-bar__input"
          placeholder="Search the catalog (empty: browse everything)"
          value={request.query ?? ''}
          onChange={(e) => set((r) => ({ ...r, query: e.target.value }))}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Segmented
          label="Transport"
          value={tab.transport}
          onChange={(v) => patchTab(tab.id, { transport: v })}
          options={[
            { value: 'post', label: 'POST', title: 'POST /search with a JSON body' },
            { value: 'get', label: 'GET', title: 'GET /search/<token>?encoded=… (as a browser sends it)' },
          ]}
        />
        {sending ? (
          <Button variant="danger" icon={<Square size={14} aria-hidden="true" />} onClick={() => void cancel(tab.id)} title="Cancel (Esc)">
            Cancel
          </Button>
        ) : (
          <Button variant="primary" icon={<Play size={14} aria-hidden="true" />} onClick={submit} title={`Send (${modKey()}+Enter)`}>
            Send
          </Button>
        )}
      </div>
      {diags.at('query').map((d, i) => (
        <DiagnosticLine key={i} diagnostic={d} onFix={fix} />
      ))}

      <div className="builder-scroll">
        <Section title="Target">
          <div className="grid-2">
            <Field label="Search token" htmlFor={`${tab.id}-token`} diagnostics={diags.at('token')} onFix={fix}>
              <input
                id={`${tab.id}-token`}
                className="input input--sm mono"
                list={`${tab.id}-tokens`}
                value={request.token ?? ''}
                onChange={(e) => set((r) => ({ ...r, token: e.target.value }))}
              />
              <datalist id={`${tab.id}-tokens`}>
                {(profile?.searchTokens ?? []).map((t) => (
                  <option key={t.token} value={t.token} label={t.label} />
                ))}
              </datalist>
            </Field>
            <Field
              label="Configuration"
              htmlFor={`${tab.id}-config`}
              diagnostics={diags.at('configurationId')}
              onFix={fix}
              hint={request.configurationId ? undefined : 'tenant default'}
            >
              <input
                id={`${tab.id}-config`}
                className="input input--sm"
                list={`${tab.id}-configs`}
                placeholder="default"
                value={request.configurationId ?? ''}
                onChange={(e) =>
                  set((r) => {
                    const { configurationId: _c, ...rest } = r;
                    return e.target.value ? { ...rest, configurationId: e.target.value } : rest;
                  })
                }
              />
              <datalist id={`${tab.id}-configs`}>
                {(profile?.configurationIds ?? []).map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </Field>
          </div>
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
          badge={diags.at('options.filter').some((d) => d.severity === 'error') ? <span className="badge badge--danger">error</span> : null}
        >
          <CodeEditor
            path={`filter-${tab.id}.wbf`}
            language={FILTER_LANGUAGE}
            ariaLabel="Filter"
            value={options.filter ?? ''}
            onChange={(v) => setOptions({ filter: v })}
            onSubmit={submit}
            context={context}
            maxLines={6}
            placeholder="price < 100 AND (colour = Black OR colour = Navy)"
            testId="filter-editor"
          />
          {diags.at('options.filter').map((d, i) => (
            <DiagnosticLine key={i} diagnostic={d} onFix={fix} />
          ))}
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
                {f.values.map((v) => (
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
          <CodeEditor
            path={`mask-${tab.id}.wbm`}
            language={MASK_LANGUAGE}
            ariaLabel="Response mask"
            value={options.customResponseMask ?? ''}
            onChange={(v) => setOptions({ customResponseMask: v })}
            onSubmit={submit}
            context={context}
            maxLines={4}
            placeholder="id, product(title, price)"
            testId="mask-editor"
          />
          {diags.at('options.customResponseMask').map((d, i) => (
            <DiagnosticLine key={i} diagnostic={d} onFix={fix} />
          ))}
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
            value={variablesDraft ?? variablesText}
            onChange={(text) => {
              setVariablesDraft(text);
              try {
                const parsed = JSON.parse(text) as unknown;
                if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
                  setVariablesDraft(null);
                  set((r) => ({ ...r, context: { ...(r.context ?? {}), variables: parsed as Record<string, never> } }));
                }
              } catch {
                // Stays as a draft, marked by the JSON language, until it parses.
              }
            }}
            onSubmit={submit}
            minLines={3}
            maxLines={8}
          />
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

        <Section
          title="Raw request (JSON)"
          open={false}
          badge={tab.rawText !== null ? <span className="badge badge--danger">invalid JSON</span> : null}
        >
          <CodeEditor
            path={`request-${tab.id}.json`}
            language="json"
            ariaLabel="Raw request body (JSON)"
            value={rawText}
            onChange={(text) => setRawText(tab.id, text)}
            onSubmit={submit}
            minLines={6}
            maxLines={24}
            testId="raw-request"
          />
          {tab.rawText !== null ? (
            <p className="diag diag--error">This JSON does not parse; the form keeps the last valid request until it does.</p>
          ) : null}
        </Section>

        {diags.rest(CLAIMED).length > 0 ? (
          <Section title="Other findings">
            {diags.rest(CLAIMED).map((d, i) => (
              <DiagnosticLine key={i} diagnostic={{ ...d, message: `${d.path || 'request'}: ${d.message}` }} onFix={fix} />
            ))}
          </Section>
        ) : null}
      </div>
    </div>
  );
}
