/**
 * Keeps secrets out of everything the app shows, stores or logs: exchange
 * records, history, exports. It knows the secret values main has handled and
 * the header and field names that carry credentials.
 */
export const REDACTED = '[redacted]';

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);
const SECRET_FIELDS = new Set(['client_secret', 'client_assertion', 'assertion', 'access_token', 'refresh_token', 'id_token', 'password']);

/** One pass over a body: a credential field's name in quotes, or any \u escape (which could spell one). */
const SECRET_FIELD_OR_ESCAPE = new RegExp(`"(?:${[...SECRET_FIELDS].join('|')})"|\\\\u`);

export class Redactor {
  private readonly values = new Set<string>();
  /** Longest first, so a secret inside another is replaced as part of the longer one; rebuilt when one is added. */
  private ordered: string[] = [];

  /** Remembers a secret value (and its encoded forms) so it is replaced wherever it appears. */
  remember(secret: string | undefined): void {
    if (!secret || secret.length < 4) return;
    this.values.add(secret);
    this.values.add(encodeURIComponent(secret));
    this.values.add(new URLSearchParams({ x: secret }).toString().slice(2));
    this.values.add(JSON.stringify(secret).slice(1, -1));
    this.ordered = [...this.values].sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.ordered) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  headers(headers: readonly [string, string][]): [string, string][] {
    return headers.map(([name, value]) => {
      if (!SECRET_HEADERS.has(name.toLowerCase())) return [name, this.text(value)];
      const scheme = /^(Basic|Bearer|Digest)\s/i.exec(value)?.[1];
      return [name, scheme ? `${scheme} ${REDACTED}` : REDACTED];
    });
  }

  /** A request or response body: form fields and JSON properties that carry credentials are blanked. */
  body(body: string | undefined, contentType = ''): string | undefined {
    if (body === undefined) return undefined;
    if (/x-www-form-urlencoded/i.test(contentType) || /^[\w.-]+=[^&]*(&[\w.-]+=[^&]*)*$/.test(body.trim())) {
      const params = new URLSearchParams(body);
      let changed = false;
      for (const key of [...params.keys()]) {
        if (SECRET_FIELDS.has(key)) {
          params.set(key, REDACTED);
          changed = true;
        }
      }
      if (changed) return this.text(params.toString());
    }
    // Most answers (every search answer) name no credential field: then there is nothing to scrub,
    // and parsing and re-serialising a large body only to find that out would cost the user time.
    // (A key spelled with \u escapes could hide a name from the substring test, so those take the slow path.)
    const namesSecretField = SECRET_FIELD_OR_ESCAPE.test(body);
    if (namesSecretField && (/json/i.test(contentType) || /^\s*[{[]/.test(body))) {
      try {
        const parsed: unknown = JSON.parse(body);
        const scrub = (v: unknown): unknown => {
          if (Array.isArray(v)) return v.map(scrub);
          if (v && typeof v === 'object') {
            return Object.fromEntries(
              Object.entries(v).map(([k, x]) => [k, SECRET_FIELDS.has(k) && typeof x === 'string' ? REDACTED : scrub(x)]),
            );
          }
          return v;
        };
        const scrubbed = JSON.stringify(scrub(parsed));
        if (scrubbed !== JSON.stringify(parsed)) return this.text(scrubbed);
      } catch {
        // Not JSON after all; fall through to value replacement.
      }
    }
    return this.text(body);
  }
}
