import type { WorkbenchApi, Result, WorkbenchError } from '@shared/ipc';

declare global {
  interface Window {
    readonly workbench: WorkbenchApi;
  }
}

/** The only way the renderer reaches main: the contract-typed bridge. */
export function workbench(): WorkbenchApi {
  const api = (window as Partial<Window>).workbench;
  if (!api) throw new Error('The workbench bridge is missing: open the app through Electron or the browser-mode URL.');
  return api;
}

/** Unwraps a result or throws its typed error, for code that prefers exceptions. */
export async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw Object.assign(new Error(result.error.message), { workbenchError: result.error });
  return result.value;
}

export function errorOf(err: unknown): WorkbenchError {
  if (typeof err === 'object' && err !== null && 'workbenchError' in err) return (err as { workbenchError: WorkbenchError }).workbenchError;
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
}
