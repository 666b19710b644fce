import { ArrowRight, Play } from 'lucide-react';
import { useMemo, useState } from 'react';
import { importRequest, type ImportResult } from '@shared/request/import';
import { normalize } from '@shared/request/normalize';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { DiagnosticLine } from '../../components/Field';
import { requestAs } from '../search/request-text';
import { shareableRequest } from '../search/tab-model';
import { useAppStore } from '../../store/store';
import { storefrontUrlOf } from '@shared/storefront';
import { hostOf } from '@shared/url/match-profile';
import { ForeignHost } from './ForeignHost';
import { destinationOf, openImported, pageUrl, storefrontImport, type Destination } from './use-import';
import './url-tools.css';

/** Support staff's tool: a customer's URL or cURL in, the exact request out — and back again. */
export default function UrlToolsScreen() {
  const [text, setText] = useState('');
  const profiles = useAppStore((s) => s.profiles);
  // A storefront URL a profile maps reads with that mapping; anything else as the API's own forms.
  const storefront = useMemo(() => {
    const page = pageUrl(text);
    return page && profiles ? storefrontImport(page) : null;
  }, [text, profiles]);
  const result = useMemo((): ImportResult | null => {
    if (storefront) return { ok: true, ...storefront.imported };
    return text.trim() ? importRequest(text) : null;
  }, [text, storefront]);
  const diagnostics = useMemo(() => (result?.ok ? normalize(result.kind, result.request).diagnostics : []), [result]);
  const destination = useMemo((): Destination | null => {
    if (storefront) return { kind: 'profile', profile: storefront.profile, matched: true };
    return result?.ok && profiles ? destinationOf(result) : null;
  }, [result, profiles, storefront]);
  const tab = useAppStore((s) => s.tabs.find((t) => t.id === s.activeTabId));
  // The tab's own profile when it is pinned to one (a pasted request for another environment).
  const profile = useAppStore((s) => (tab?.profileId ? s.profiles?.profiles.find((p) => p.id === tab.profileId) : s.activeProfile()));
  const base = profile?.searchUrl ?? '';
  // Shared is the request of the answer on screen; unsent edits in the tab's builder are said, not shared.
  const shared = tab ? { ...shareableRequest(tab), sent: !!tab.result } : null;

  return (
    <div className="url-tools">
      <section className="url-tools__panel" aria-labelledby="decode-title">
        <h2 id="decode-title">Decode a pasted request</h2>
        <p className="muted small">
          Paste a search URL (…/search/&lt;token&gt;?encoded=…), a shopper&apos;s storefront URL (on a host a profile&apos;s storefront
          mapping reads), a cURL command from browser devtools, or a JSON body. Quotes, line breaks, double encoding and extra parameters
          are handled and listed.
        </p>
        <textarea
          className="input mono"
          rows={7}
          aria-label="URL, cURL or JSON to decode"
          placeholder="https://eu.search.example.com/search/…?encoded=%7B%22query%22…"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {result && !result.ok ? (
          <p className="diag diag--error" role="alert">
            {result.message}
          </p>
        ) : null}
        {result?.ok ? (
          <div className="decoded" data-testid="decoded">
            <div className="decoded__meta">
              <span className="badge">
                {result.source === 'url'
                  ? 'GET URL'
                  : result.source === 'curl'
                    ? (result.format ?? 'cURL')
                    : result.source === 'storefront'
                      ? `storefront URL · ${result.format ?? ''}`
                      : 'JSON body'}
              </span>
              <span className="badge badge--muted">{result.kind}</span>
              {result.baseUrl ? <span className="mono small">{result.baseUrl}</span> : null}
            </div>
            {result.steps?.length ? (
              <ol className="decoded__notes mono small" aria-label="How the storefront URL was read">
                {result.steps.map((step, i) => (
                  <li key={i}>{step}</li>
                ))}
              </ol>
            ) : null}
            {result.notes.length > 0 ? (
              <ul className="decoded__notes">
                {result.notes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            ) : (
              <p className="small muted">Nothing odd about it.</p>
            )}
            {diagnostics.map((d, i) => (
              <DiagnosticLine key={i} diagnostic={{ ...d, message: `${d.path || 'request'}: ${d.message}` }} />
            ))}
            <pre className="code-block mono" aria-label="Decoded request" tabIndex={0}>
              {JSON.stringify(result.request, null, 2)}
            </pre>
            {destination?.kind === 'ask' ? (
              <ForeignHost imported={result} destination={destination} onDone={() => setText('')} />
            ) : destination ? (
              <p className="small" data-testid="destination">
                Goes to <strong>{destination.profile.name}</strong>
                {storefront
                  ? ` — its ${storefront.imported.format ?? 'storefront'} mapping reads this URL`
                  : destination.matched && result.baseUrl
                    ? ` — its search address matches ${hostOf(result.baseUrl)}`
                    : ' — the active profile'}
                .
              </p>
            ) : null}
            <div className="decoded__actions">
              <CopyButton label="Copy JSON" text={JSON.stringify(result.request, null, 2)} />
              {destination?.kind === 'profile' ? (
                <>
                  <Button
                    variant="secondary"
                    icon={<ArrowRight size={14} aria-hidden="true" />}
                    onClick={() => openImported(result, destination.profile, { send: false, matched: destination.matched })}
                  >
                    Open in Search
                  </Button>
                  <Button
                    variant="primary"
                    icon={<Play size={14} aria-hidden="true" />}
                    onClick={() => openImported(result, destination.profile, { matched: destination.matched })}
                  >
                    Open and send
                  </Button>
                </>
              ) : null}
            </div>
          </div>
        ) : null}
      </section>
      <section className="url-tools__panel" aria-labelledby="encode-title">
        <h2 id="encode-title">Share the current request</h2>
        {tab && shared && base ? (
          <>
            <p className="muted small">
              The request {shared.sent ? 'of the answer shown' : ''} in the active Search tab ({tab.title}), against {profile?.name} ({base}
              ).
            </p>
            {shared.edited ? (
              <p className="diag diag--warning" data-testid="share-edited">
                The tab&apos;s builder has edits not sent yet: what follows is the request of the answer on screen. Send the tab to share
                the edited request.
              </p>
            ) : null}
            {(['url', 'curl', 'json'] as const).map((format) => (
              <div key={format} className="share-block">
                <div className="share-block__head">
                  <strong>{format === 'url' ? 'GET URL' : format === 'curl' ? 'cURL' : 'JSON body'}</strong>
                  <CopyButton text={() => requestAs(format, base, shared.request, tab.transport)} />
                </div>
                <pre
                  className="code-block mono"
                  tabIndex={0}
                  aria-label={`The request as ${format === 'url' ? 'a GET URL' : format === 'curl' ? 'cURL' : 'a JSON body'}`}
                >
                  {requestAs(format, base, shared.request, tab.transport)}
                </pre>
              </div>
            ))}
            {(profile?.storefronts ?? []).map((mapping) => {
              const encoded = storefrontUrlOf(mapping, shared.request);
              return (
                <div key={mapping.name} className="share-block" data-testid="share-storefront">
                  <div className="share-block__head">
                    <strong>Storefront URL ({mapping.name})</strong>
                    <CopyButton text={encoded.url} />
                  </div>
                  <pre className="code-block mono" tabIndex={0} aria-label="The request as a storefront URL">
                    {encoded.url}
                  </pre>
                  {encoded.inexpressible.length ? (
                    <p className="diag diag--warning">The storefront cannot express, so leaves out: {encoded.inexpressible.join('; ')}.</p>
                  ) : null}
                </div>
              );
            })}
          </>
        ) : (
          <p className="muted small">Open a request in Search first; its GET URL, cURL and JSON body appear here.</p>
        )}
      </section>
    </div>
  );
}
