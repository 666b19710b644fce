import { copyText } from '../../components/clipboard';
import { foldCommand } from '../../components/SplitPanes';
import type { Command } from '../../shell/commands';
import { useAppStore } from '../../store/store';
import { requestAs } from './request-text';

/** The Search screen's actions by name, for the palette and the shortcuts sheet (Ctrl/Cmd+B is bound here). */
export function searchCommands(ui: {
  setDrawer: (drawer: 'history' | 'saved' | null) => void;
  setSaveName: (name: string | null) => void;
}): Command[] {
  const state = useAppStore.getState();
  const tab = state.tabs.find((t) => t.id === state.activeTabId);
  if (!tab) return [];
  const group = 'Search';
  const profile = state.profiles?.profiles.find((p) => p.id === (tab.profileId ?? state.profiles?.activeId));
  const baseUrl = profile?.searchUrl ?? '';
  const sending = tab.status === 'sending';
  const copy = (format: 'url' | 'curl' | 'json', what: string) => async () => {
    const ok = await copyText(requestAs(format, baseUrl, tab.request, tab.transport));
    state.pushNotice({
      id: 'copied',
      level: ok ? 'info' : 'error',
      message: ok ? `Copied the request as ${what}.` : `The clipboard refused the ${what}; use the Copy buttons under the results.`,
    });
  };
  return [
    {
      id: 'search:send',
      title: 'Send the request',
      group,
      keys: 'Mod+Enter',
      ...(sending ? { disabledReason: 'already sending' } : {}),
      run: () => void state.send(tab.id),
    },
    {
      id: 'search:cancel',
      title: 'Cancel the request',
      group,
      keys: 'Esc',
      ...(sending ? {} : { disabledReason: 'nothing is being sent' }),
      run: () => void state.cancel(tab.id),
    },
    { id: 'search:new-tab', title: 'New request tab', group, keywords: 'open', run: () => void state.openTab() },
    {
      id: 'search:save',
      title: 'Save the request…',
      group,
      keywords: 'file workspace',
      run: () => {
        ui.setSaveName(tab.title);
        ui.setDrawer('saved');
      },
    },
    { id: 'search:history', title: 'Show the history', group, keywords: 'recent past', run: () => ui.setDrawer('history') },
    {
      id: 'search:saved',
      title: 'Show saved requests',
      group,
      keywords: 'files open',
      run: () => {
        ui.setSaveName(null);
        ui.setDrawer('saved');
      },
    },
    foldCommand('search', 'builder', 'request builder', group, 'Mod+B'),
    foldCommand('search', 'inspectors', 'facet and sort inspectors', group, 'Mod+Alt+B'),
    { id: 'search:copy-url', title: 'Copy the request as a GET URL', group, keywords: 'share link', run: copy('url', 'a GET URL') },
    { id: 'search:copy-curl', title: 'Copy the request as cURL', group, keywords: 'share terminal', run: copy('curl', 'cURL') },
    { id: 'search:copy-json', title: 'Copy the request body (JSON)', group, keywords: 'share', run: copy('json', 'a JSON body') },
  ];
}
