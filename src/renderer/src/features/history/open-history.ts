import { useAppStore } from '../../store/store';
import { historyExchange } from './history-slice';

/**
 * Re-opens a past request where it belongs, with the answer it got: a search
 * in a new tab, a suggest or autocomplete request in its own screen. It
 * reaches into several features, so it sits above the store, not in a slice.
 */
export async function openFromHistory(id: string): Promise<void> {
  const state = useAppStore.getState();
  const view = await state.readHistoryEntry(id);
  if (!view) return;
  const origin = `History · ${new Date(view.entry.at).toLocaleString()}`;
  if (view.kind === 'suggest') {
    const response = view.response;
    state.loadSuggest(view.entry.request, {
      origin,
      ...(response ? { answer: { response, exchange: historyExchange(view.entry) } } : { send: false }),
    });
    return;
  }
  if (view.kind === 'autocomplete') {
    state.loadAutocomplete(view.entry.request);
    return;
  }
  const { entry, response } = view;
  const tabId = state.openTab({ request: structuredClone(entry.request), transport: entry.transport, origin });
  if (response)
    useAppStore.setState((s) => ({
      tabs: s.tabs.map((t) =>
        t.id === tabId
          ? {
              ...t,
              status: 'done',
              result: {
                response,
                exchange: historyExchange(entry),
                warnings: [],
                diagnostics: [],
                historyId: entry.id,
                sent: entry.request,
                profileId: entry.profileId,
                receivedAt: entry.at,
              },
              unmasked: response.items ?? [],
            }
          : t,
      ),
    }));
  state.setArea('search');
}
