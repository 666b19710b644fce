import { useEffect } from 'react';
import { jsonDefaults } from './monaco-setup';

const registered = new Map<string, { uri: string; fileMatch: string[]; schema: unknown }>();

/** Registers a JSON Schema for models whose path matches, once per id. */
export function useJsonSchema(id: string, schema: unknown, fileMatch: string[]): void {
  useEffect(() => {
    if (registered.has(id)) return;
    registered.set(id, { uri: `workbench://schemas/${id}.json`, fileMatch, schema });
    jsonDefaults.setDiagnosticsOptions({
      validate: true,
      allowComments: false,
      schemas: [...registered.values()],
      enableSchemaRequest: false,
    });
  }, [id, schema, fileMatch]);
}
