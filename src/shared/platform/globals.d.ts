/**
 * The few globals src/shared uses that both of its hosts — Node (main, the
 * CLI) and the browser (the renderer) — provide, but that the ECMAScript
 * library alone does not declare. src/shared is typechecked with the ES
 * library only (tsconfig.shared.json), so a DOM- or Node-only global such as
 * `document` or `process` fails the typecheck; these are declared here, with
 * only the members src/shared reads.
 */

declare function structuredClone<T>(value: T): T;

interface URLSearchParams {
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  keys(): IterableIterator<string>;
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

declare const URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string | Record<string, string> | [string, string][]): URLSearchParams;
};

interface URL {
  readonly origin: string;
  protocol: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  readonly searchParams: URLSearchParams;
  hash: string;
  href: string;
  toString(): string;
}

declare const URL: {
  prototype: URL;
  new (url: string, base?: string | URL): URL;
};
