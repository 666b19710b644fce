import { useMemo } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { requestAs, shareableRequest } from '../search';
import { useAppStore } from '../../store/store';
import { storefrontUrlOf } from '@shared/storefront';
import { PasteReadingView } from './PasteReadingView';
import { StorefrontCaveats } from './StorefrontCaveats';
import { readPaste } from './use-import';
import './url-tools.css';

/** Support staff's tool: a customer's URL or cURL in, the exact request out — and back again. */
export default function UrlToolsScreen() {
  // Kept in the store: the text survives a trip to Profiles to add a storefront mapping, and comes back read through it.
  const text = useAppStore((s) => s.pasteText);
  const setText = useAppStore((s) => s.setPasteText);
  const profiles = useAppStore((s) => s.profiles);
  // The one reader the paste dialog uses too: the same outcome and the same words for the same text.
  const reading = useMemo(() => (profiles ? readPaste(text) : null), [text, profiles]);
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
        {reading ? <PasteReadingView reading={reading} text={text} onDone={() => setText('')} /> : null}
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
              // Written like the customer's URL the tab was pasted from, when it was: its order, encoding and other parameters.
              const encoded = storefrontUrlOf(mapping, shared.request, tab.pastedUrl ?? undefined);
              return (
                <div key={mapping.name} className="share-block" data-testid="share-storefront">
                  <div className="share-block__head">
                    <strong>Storefront URL ({mapping.name})</strong>
                    <CopyButton text={encoded.url} />
                  </div>
                  <pre className="code-block mono" tabIndex={0} aria-label="The request as a storefront URL">
                    {encoded.url}
                  </pre>
                  <StorefrontCaveats encoded={encoded} />
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
