/*
 * The part of Papa Parse (https://www.papaparse.com) the CSV module uses, declared here rather than through
 * @types/papaparse: those types pull in Node's (`stream`), which src/shared must not see (it is typechecked
 * with the ECMAScript library only).
 */
declare module 'papaparse' {
  export interface ParserConfig {
    delimiter: string;
    newline: '\n' | '\r\n' | '\r';
    quoteChar: string;
    escapeChar: string;
    /** Called with each row as it is read; `meta.cursor` is where the row after it starts. */
    step: (result: { data: string[][]; errors: { code: string }[]; meta: { cursor: number } }) => void;
  }
  /** The low-level parser the package's own streaming reads with: a piece at a time, the last row held back. */
  export class Parser {
    constructor(config: ParserConfig);
    parse(input: string, baseIndex: number, ignoreLastRow: boolean): { meta: { cursor: number } };
  }
  export interface UnparseConfig {
    quotes?: boolean | ((value: unknown, column: number) => boolean);
    newline?: string;
    escapeFormulae?: boolean | RegExp;
  }
  /** The package is UMD (CommonJS to Node): only its default export is read, as the package documents it. */
  const Papa: {
    Parser: typeof Parser;
    unparse(data: readonly (readonly unknown[])[], config?: UnparseConfig): string;
  };
  export default Papa;
}
