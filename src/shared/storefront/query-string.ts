/**
 * A storefront URL's query string as it was written: each parameter's raw text kept beside its decoded value,
 * so a URL written back can keep the customer's order and encoding, and a broken %-escape is said (naming the
 * parameter) instead of being read as U+FFFD, as URLSearchParams would.
 */
export interface RawParam {
  /** As written, between `&`s. */
  raw: string;
  name: string;
  value: string;
}

export interface ReadQuery {
  params: RawParam[];
  /** Parameters whose name or value has a %-escape that does not decode (`%E0%A4%A`, `%zz`), as written. */
  broken: { name: string; raw: string }[];
  /** How the URL wrote a space: `+` (a form) or `%20`; `+` when it has none. */
  space: '+' | '%20';
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Reads `?a=1&b=%2B…` (the leading `?` optional) into its parameters, in order. */
export function readQuery(search: string): ReadQuery {
  const text = search.replace(/^\?/, '');
  const params: RawParam[] = [];
  const broken: ReadQuery['broken'] = [];
  for (const raw of text === '' ? [] : text.split('&')) {
    if (raw === '') continue;
    const eq = raw.indexOf('=');
    const rawName = eq < 0 ? raw : raw.slice(0, eq);
    const rawValue = eq < 0 ? '' : raw.slice(eq + 1);
    const name = decode(rawName);
    const value = decode(rawValue);
    if (name === null || value === null) broken.push({ name: name ?? rawName, raw });
    else params.push({ raw, name, value });
  }
  const space = /%20/.test(text) && !/\+/.test(text) ? '%20' : '+';
  return { params, broken, space };
}

/**
 * A parameter's name or value written as a browser's address bar keeps it: only what a query string cannot hold
 * as is (`&`, `=`, `#`, `%`, `+`, spaces, control and non-ASCII characters) is escaped; `:`, `,`, `/`, `@`, `$`,
 * `!`, `*`, `'`, `(`, `)` and `;` stay.
 */
export function encodeQueryPart(text: string, space: '+' | '%20' = '+'): string {
  return encodeURIComponent(text)
    .replace(/%(3A|2C|2F|40|24|21|2A|27|28|29|3B)/gi, (m) => decodeURIComponent(m))
    .replace(/%20/g, space);
}
