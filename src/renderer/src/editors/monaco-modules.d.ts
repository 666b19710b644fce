// Monaco's JSON contribution ships no typings for its ESM entry; this is the part the app uses.
declare module 'monaco-editor/language/json/monaco.contribution' {
  export const jsonDefaults: {
    setDiagnosticsOptions(options: {
      validate?: boolean;
      allowComments?: boolean;
      enableSchemaRequest?: boolean;
      schemas?: { uri: string; fileMatch?: string[]; schema?: unknown }[];
    }): void;
  };
}
