import { useEffect } from 'react';

export interface RegisteredSchema {
  uri: string;
  fileMatch: string[];
  schema: unknown;
}

const registered = new Map<string, RegisteredSchema>();
let apply: ((schemas: RegisteredSchema[]) => void) | undefined;

/**
 * Called by Monaco's setup when it loads: every schema registered so far is
 * applied then, and each later one at once. Registering needs no Monaco, so
 * screens can declare their schemas before the editor is wanted.
 */
export function onJsonSchemas(applier: (schemas: RegisteredSchema[]) => void): void {
  apply = applier;
  applier([...registered.values()]);
}

/** Registers a JSON Schema for models whose path matches, once per id. */
export function useJsonSchema(id: string, schema: unknown, fileMatch: string[]): void {
  useEffect(() => {
    if (registered.has(id)) return;
    registered.set(id, { uri: `workbench://schemas/${id}.json`, fileMatch, schema });
    apply?.([...registered.values()]);
  }, [id, schema, fileMatch]);
}
