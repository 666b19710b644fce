import { Command } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { looksLikeRequest } from '@shared/request';
import { PasteDialog, importText, pageUrl, type ImportOutcome } from '../features/url-tools';
import { useAppStore } from '../store/store';
import { areaById, type AreaId } from './areas';
import { CommandPalette, Keys } from './CommandPalette';
import { ItemDrawer } from '../features/item';
import { allCommands, matchesKeys, parseKeys, registerCommands } from './commands';
import { globalCommands } from './global-commands';
import { isMac, isUndoRedoKey } from './keys';
import { NavRail } from './NavRail';
import { NoticeBar } from './NoticeBar';
import { StatusBar } from './StatusBar';
import { ShortcutsSheet } from './ShortcutsSheet';
import { ThemeSwitch } from './ThemeSwitch';

// Screens with editors load Monaco; they arrive as their own chunks.
const SearchScreen = lazy(() => import('../features/search/SearchScreen'));
const UrlToolsScreen = lazy(() => import('../features/url-tools/UrlToolsScreen'));
const CompareScreen = lazy(() => import('../features/compare/CompareScreen'));
const SuggestScreen = lazy(() => import('../features/suggest/SuggestScreen'));
const AutocompleteScreen = lazy(() => import('../features/autocomplete/AutocompleteScreen'));
const CatalogScreen = lazy(() => import('../features/catalog/CatalogScreen'));
const ProfilesScreen = lazy(() => import('../features/profiles/ProfilesScreen'));
const SettingsScreen = lazy(() => import('../features/settings/SettingsScreen'));
const WorkspaceScreen = lazy(() => import('../features/workspace/WorkspaceScreen'));
const ShoppersScreen = lazy(() => import('../features/traffic/ShoppersScreen'));
const TestsScreen = lazy(() => import('../features/abtest/TestsScreen'));

/** Each area's screen, loaded on first visit. */
const SCREENS: Record<AreaId, React.LazyExoticComponent<() => React.JSX.Element>> = {
  search: SearchScreen,
  compare: CompareScreen,
  'url-tools': UrlToolsScreen,
  suggest: SuggestScreen,
  autocomplete: AutocompleteScreen,
  catalog: CatalogScreen,
  profiles: ProfilesScreen,
  workspace: WorkspaceScreen,
  shoppers: ShoppersScreen,
  tests: TestsScreen,
  settings: SettingsScreen,
};

function AreaView({ area }: { area: AreaId }) {
  const Screen = SCREENS[area];
  return (
    <Suspense fallback={<div className="screen-loading" role="status" aria-busy="true" aria-label="Loading" />}>
      <Screen />
    </Suspense>
  );
}

function isEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || !!el.closest('.monaco-editor'));
}

/**
 * The browser's own undo acts on the document's last text edit wherever the focus is: Ctrl+Z on a result row
 * would silently change the query box while the results still answer the old query. Undo belongs to what has
 * the focus — a text field's own undo, or what a list handles itself (a rating) — so, outside a text field,
 * an undo or redo that nothing handled (this listener runs after the app's own) does nothing.
 */
function guardNativeUndo(e: KeyboardEvent): void {
  if (!e.defaultPrevented && isUndoRedoKey(e) && !isEditable(document.activeElement)) e.preventDefault();
}

/** Runs the bound command whose keys these are, before any editor sees them. */
function runBoundKeys(e: KeyboardEvent): void {
  if (!e.ctrlKey && !e.metaKey && !e.altKey) return;
  const mac = isMac();
  const command = allCommands().find((c) => c.bound && c.keys && matchesKeys(parseKeys(c.keys), e, mac));
  if (!command) return;
  e.preventDefault();
  e.stopPropagation();
  if (!command.disabledReason) command.run();
}

type Overlay = 'paste' | 'palette' | 'shortcuts';

export function AppShell() {
  const area = useAppStore((s) => s.area);
  const pushNotice = useAppStore((s) => s.pushNotice);
  const current = areaById(area);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  // Text pasted outside a field whose address no profile has: the paste dialog opens on it and asks.
  const [pasted, setPasted] = useState<{ text: string; outcome: ImportOutcome } | null>(null);

  useEffect(
    () =>
      registerCommands('app', () =>
        globalCommands({
          paste: () => setOverlay('paste'),
          palette: () => setOverlay('palette'),
          shortcuts: () => setOverlay('shortcuts'),
        }).map((c) => (c.id.startsWith('go:') || c.id.startsWith('app:') ? { ...c, bound: true } : c)),
      ),
    [],
  );

  useEffect(() => {
    // A search URL or cURL pasted outside a field opens as a request, wherever you are.
    const onPaste = (e: ClipboardEvent) => {
      if (isEditable(e.target)) return;
      const text = e.clipboardData?.getData('text/plain') ?? '';
      // A search URL, a devtools copy, or a web page's URL with a query (a storefront's search page).
      if (!looksLikeRequest(text) && !pageUrl(text)?.search) return;
      e.preventDefault();
      const result = importText(text);
      if (result.ok === false) pushNotice({ id: 'paste', level: 'error', message: result.message });
      // An address no profile has: the paste dialog asks where to send it.
      else if (result.ok === 'ask' || result.ok === 'unmapped') {
        setPasted({ text, outcome: result });
        setOverlay('paste');
      }
    };
    window.addEventListener('keydown', runBoundKeys, { capture: true });
    window.addEventListener('keydown', guardNativeUndo);
    window.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', runBoundKeys, { capture: true });
      window.removeEventListener('keydown', guardNativeUndo);
      window.removeEventListener('paste', onPaste);
    };
  }, [pushNotice]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavRail />
      <div className="shell__body">
        <header className="area-header">
          <div className="area-header__text">
            <h1 className="area-header__title">{current.label}</h1>
            <p className="area-header__purpose">{current.purpose}</p>
          </div>
          <div className="area-header__tools">
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => setOverlay('palette')}
              title="Every screen, action, recent and saved request by name"
              aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
            >
              <Command size={13} aria-hidden="true" /> Commands <Keys keys="Mod+K" />
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => setOverlay('paste')}
              title="Paste a URL or cURL (Ctrl/Cmd+Shift+V)"
            >
              Paste URL or cURL
            </button>
            <ThemeSwitch />
          </div>
        </header>
        <NoticeBar />
        <main id="main" className="area" data-area={area} tabIndex={-1}>
          <AreaView area={area} />
        </main>
      </div>
      <StatusBar />
      {overlay === 'paste' ? (
        <PasteDialog
          onClose={() => {
            setOverlay(null);
            setPasted(null);
          }}
          {...(pasted ? { initial: pasted } : {})}
        />
      ) : null}
      {overlay === 'palette' ? <CommandPalette onClose={() => setOverlay(null)} onShortcuts={() => setOverlay('shortcuts')} /> : null}
      <ItemDrawer />
      {overlay === 'shortcuts' ? <ShortcutsSheet onClose={() => setOverlay(null)} /> : null}
    </div>
  );
}
