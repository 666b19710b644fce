import { ArrowRight, Play } from 'lucide-react';
import { useMemo } from 'react';
import { normalize } from '@shared/request';
import { hostOf } from '@shared/url';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { DiagnosticLine } from '../../components/Field';
import { ForeignHost } from './ForeignHost';
import { UnmappedStorefront } from './UnmappedStorefront';
import { openImported, type PasteReading } from './use-import';
import './url-tools.css';

/**
 * What a pasted text was read as, the same in the paste dialog and in URL tools: the error in plain words; the
 * storefront page no mapping reads, with a mapping to add (and the way back to the URL); or the request — how a
 * storefront URL was read, what was odd, the JSON, where it goes (asking first for an address no profile has) —
 * with Open in Search and Open and send.
 */
export function PasteReadingView({
  reading,
  text,
  onDone,
  actions = true,
}: {
  reading: PasteReading;
  text: string;
  onDone: () => void;
  /** Open in Search and Open and send here (URL tools); the paste dialog has them in its footer. */
  actions?: boolean;
}) {
  const diagnostics = useMemo(
    () => (reading.kind === 'request' ? normalize(reading.imported.kind, reading.imported.request).diagnostics : []),
    [reading],
  );
  if (reading.kind === 'empty') return null;
  if (reading.kind === 'error')
    return (
      <p className="diag diag--error" role="alert" data-testid="paste-error">
        {reading.message}
      </p>
    );
  if (reading.kind === 'unmapped')
    return <UnmappedStorefront url={reading.url} host={reading.host} preset={reading.preset} text={text} onDone={onDone} />;
  const { imported, destination } = reading;
  const storefront = imported.source === 'storefront';
  return (
    <div className="decoded" data-testid="decoded">
      <div className="decoded__meta">
        <span className="badge">
          {imported.source === 'url'
            ? 'GET URL'
            : imported.source === 'curl'
              ? (imported.format ?? 'cURL')
              : storefront
                ? `storefront URL · ${imported.format ?? ''}`
                : 'JSON body'}
        </span>
        <span className="badge badge--muted">{imported.kind}</span>
        {imported.baseUrl ? <span className="mono small">{imported.baseUrl}</span> : null}
      </div>
      {imported.steps?.length ? (
        <ol className="decoded__notes mono small" aria-label="How the storefront URL was read">
          {imported.steps.map((step, i) => (
            <li key={i}>{step}</li>
          ))}
        </ol>
      ) : null}
      {imported.notes.length > 0 ? (
        <ul className="decoded__notes" data-testid="decoded-notes">
          {imported.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      ) : (
        <p className="small muted">Nothing odd about it.</p>
      )}
      {diagnostics.map((d, i) => (
        <DiagnosticLine key={i} diagnostic={{ ...d, message: `${d.path || 'request'}: ${d.message}` }} />
      ))}
      <pre className="code-block mono decoded__json" aria-label="Decoded request" tabIndex={0}>
        {JSON.stringify(imported.request, null, 2)}
      </pre>
      {destination.kind === 'ask' ? (
        <ForeignHost imported={imported} destination={destination} onDone={onDone} />
      ) : (
        <p className="small" data-testid="destination">
          Goes to <strong>{destination.profile.name}</strong>
          {storefront
            ? ` — its ${imported.format ?? 'storefront'} mapping reads this URL`
            : destination.matched && imported.baseUrl
              ? ` — its search address matches ${hostOf(imported.baseUrl)}`
              : ' — the active profile'}
          .
        </p>
      )}
      <div className="decoded__actions">
        <CopyButton label="Copy JSON" text={JSON.stringify(imported.request, null, 2)} />
        {actions && destination.kind === 'profile' ? (
          <>
            <Button
              variant="secondary"
              icon={<ArrowRight size={14} aria-hidden="true" />}
              onClick={() => {
                openImported(imported, destination.profile, { send: false, matched: destination.matched });
                onDone();
              }}
            >
              Open in Search
            </Button>
            <Button
              variant="primary"
              icon={<Play size={14} aria-hidden="true" />}
              onClick={() => {
                openImported(imported, destination.profile, { matched: destination.matched });
                onDone();
              }}
            >
              Open and send
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
