import { compareCommands } from '../features/compare';
import { openFromHistory } from '../features/history';
import { useAppStore } from '../store/store';
import { AREAS, type AreaId } from './areas';
import type { Command } from './commands';

/** An area's shortcut: Mod+1…9 then Mod+0 in navigation order, Settings on Mod+, as in most desktop apps. */
export function areaKeys(id: AreaId, index: number): string | undefined {
  if (id === 'settings') return 'Mod+,';
  return index < 9 ? `Mod+${index + 1}` : index === 9 ? 'Mod+0' : undefined;
}

/** What the kind of a past request is called in a list. */
const KIND: Record<string, string> = { search: 'search', suggest: 'suggest', autocomplete: 'autocomplete' };

/**
 * Commands that exist on every screen: the screens themselves, Compare's
 * views (Explain, Batch, Context matrix), pasting, themes, the palette and the sheet, and the recent and saved requests (read
 * from the store as they are now).
 */
export function globalCommands(actions: { paste: () => void; palette: () => void; shortcuts: () => void }): Command[] {
  const state = useAppStore.getState();
  const commands: Command[] = [
    ...AREAS.map((area, i) => ({
      id: `go:${area.id}`,
      title: `Go to ${area.label}`,
      group: 'Go to',
      keywords: area.purpose,
      ...(areaKeys(area.id, i) ? { keys: areaKeys(area.id, i) } : {}),
      run: () => state.setArea(area.id),
    })),
    { id: 'app:palette', title: 'Command palette', group: 'App', keys: 'Mod+K', run: actions.palette },
    { id: 'app:shortcuts', title: 'Keyboard shortcuts', group: 'App', keys: 'Mod+/', keywords: 'keys help', run: actions.shortcuts },
    {
      id: 'app:paste',
      title: 'Paste a URL or cURL command',
      group: 'App',
      keys: 'Mod+Shift+V',
      keywords: 'import open customer storefront devtools',
      run: actions.paste,
    },
    ...(['dark', 'light', 'system'] as const).map((theme) => ({
      id: `theme:${theme}`,
      title: theme === 'system' ? 'Theme: follow the system' : `Theme: ${theme}`,
      group: 'App',
      keywords: 'appearance colour color',
      ...(state.settings?.theme === theme ? { detail: 'current' } : {}),
      run: () => void state.setTheme(theme),
    })),
    ...compareCommands(),
  ];
  for (const entry of state.history) {
    commands.push({
      id: `history:${entry.id}`,
      title: entry.request.query ? `“${entry.request.query}”` : 'Browse (no query)',
      group: 'Recent requests',
      detail: `${KIND[entry.kind] ?? entry.kind} · ${entry.profileName} · ${new Date(entry.at).toLocaleTimeString()}${entry.ok ? '' : ' · failed'}`,
      keywords: 'history recent',
      run: () => void openFromHistory(entry.id),
    });
  }
  const saved = state.savedList.result?.items ?? [];
  for (const item of saved) {
    if (item.problem) continue;
    commands.push({
      id: `saved:${item.file}`,
      title: item.name,
      group: 'Saved requests',
      detail: item.file,
      keywords: 'saved open file',
      run: () => {
        void state.openSaved(item.file);
      },
    });
  }
  return commands;
}
