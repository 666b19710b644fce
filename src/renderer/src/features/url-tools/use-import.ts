import { importRequest, type ImportedRequest } from '@shared/request/import';
import { useAppStore } from '../../store/store';

/** Opens an imported request where it belongs: a search in a new Search tab, a suggest or autocomplete in its screen; sent at once. */
export function openImported(imported: ImportedRequest, options: { send?: boolean } = {}): string | null {
  const state = useAppStore.getState();
  const origin = `Pasted ${imported.source === 'url' ? 'URL' : imported.source === 'curl' ? (imported.format ?? 'cURL') : 'JSON'}${imported.baseUrl ? ` from ${imported.baseUrl}` : ''}`;
  if (imported.kind === 'suggest') {
    state.loadSuggest(imported.request, { origin, send: options.send !== false });
    return null;
  }
  if (imported.kind === 'autocomplete') {
    state.loadAutocomplete(imported.request);
    return null;
  }
  const tabId = state.openTab({
    request: imported.request,
    transport: imported.transport,
    notes: imported.notes.map((message) => ({ code: 'trimmed', message })),
    origin,
  });
  state.setArea('search');
  if (options.send !== false) void state.send(tabId);
  return tabId;
}

export function importText(text: string, options: { send?: boolean } = {}): { ok: true } | { ok: false; message: string } {
  const result = importRequest(text);
  if (!result.ok) return result;
  openImported(result, options);
  return { ok: true };
}
