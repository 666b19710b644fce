import { importRequest, type ImportedRequest } from '../../../../shared/request/import';
import type { SearchRequest } from '../../../../shared/request/types';
import { useAppStore } from '../../store/store';

/** Opens an imported request where it belongs: a search in a new Search tab (sent at once), others explained. */
export function openImported(imported: ImportedRequest, options: { send?: boolean } = {}): string | null {
  const state = useAppStore.getState();
  if (imported.kind !== 'search') {
    state.pushNotice({
      id: `import:${Date.now()}`,
      level: 'info',
      message: `That is a ${imported.kind} request; open the ${imported.kind === 'suggest' ? 'Suggest' : 'Autocomplete'} screen to run it.`,
    });
    return null;
  }
  const tabId = state.openTab({
    request: imported.request as SearchRequest,
    transport: imported.transport,
    notes: imported.notes.map((message) => ({ code: 'trimmed', message })),
    origin: `Pasted ${imported.source === 'url' ? 'URL' : imported.source === 'curl' ? 'cURL' : 'JSON'}${imported.baseUrl ? ` from ${imported.baseUrl}` : ''}`,
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
