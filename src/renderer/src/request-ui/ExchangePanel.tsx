import type { ExchangeRecord } from '@shared/errors';
import { CopyButton } from '../components/CopyButton';

function HeadersTable({ headers }: { headers: [string, string][] }) {
  return (
    <table className="kv">
      <tbody>
        {headers.map(([k, v], i) => (
          <tr key={i}>
            <th className="mono">{k}</th>
            <td className="mono">{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A body as people read it: JSON indented (what came over the wire is one line), anything else as it is. */
export function readableBody(body: string): string {
  const trimmed = body.trim();
  if (!/^[{[]/.test(trimmed)) return body;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return body;
  }
}

/** A collapsible body with its size and a copy button (the copy is the body as sent or received). */
function Body({ title, body }: { title: string; body: string }) {
  return (
    <details className="exchange__body" open>
      <summary>
        <h3>{title}</h3>
        <span className="muted small">{bytes(new TextEncoder().encode(body).length)}</span>
        <CopyButton text={body} label="Copy" />
      </summary>
      <pre className="mono code-block">{readableBody(body)}</pre>
    </details>
  );
}

function ms(v: number | null): string {
  return v === null ? '—' : `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;
}

function bytes(n: number): string {
  return n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} kB` : `${(n / 1048576).toFixed(2)} MB`;
}

/** The exchange record: what went over the wire, with credentials redacted by main. */
export function ExchangePanel({ exchange }: { exchange: ExchangeRecord }) {
  const t = exchange.timings;
  return (
    <div className="exchange" data-testid="exchange-panel">
      <div className="exchange__summary">
        <span className={`status-pill ${exchange.status && exchange.status < 400 ? 'is-ok' : 'is-bad'}`}>
          {exchange.status ?? exchange.error?.code ?? '—'}
        </span>
        <span className="mono exchange__url">
          {exchange.method} {exchange.url}
        </span>
        <CopyButton text={exchange.url} label="Copy URL" />
      </div>
      <dl className="exchange__timings">
        <div>
          <dt>Connect</dt>
          <dd>{t.reusedConnection ? 'reused' : ms(t.connectMs)}</dd>
        </div>
        <div>
          <dt>First byte</dt>
          <dd>{ms(t.firstByteMs)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{ms(t.totalMs)}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{bytes(exchange.size)}</dd>
        </div>
        <div>
          <dt>Proxy</dt>
          <dd>{exchange.viaProxy ?? 'none'}</dd>
        </div>
      </dl>
      {exchange.serviceMessage ? <p className="diag diag--error">Service message: {exchange.serviceMessage}</p> : null}
      <div className="exchange__cols">
        <section>
          <h3>Request headers</h3>
          <HeadersTable headers={exchange.requestHeaders} />
          {exchange.requestBody ? <Body title="Request body" body={exchange.requestBody} /> : null}
        </section>
        <section>
          <h3>Response headers</h3>
          <HeadersTable headers={exchange.responseHeaders} />
          {exchange.responseBody ? (
            <Body title="Response body" body={exchange.responseBody} />
          ) : exchange.status !== undefined && exchange.status < 400 ? (
            <p className="muted small">The answer&apos;s body is under Raw response.</p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
