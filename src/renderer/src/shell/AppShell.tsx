import { lazy, Suspense, useEffect, useState } from 'react';
import { looksLikeRequest } from '@shared/request/import';
import { PasteDialog } from '../features/url-tools/PasteDialog';
import { importText } from '../features/url-tools/use-import';
import { useAppStore } from '../store/store';
import { AREAS, areaById, type AreaId } from './areas';
import { hasMod } from './keys';
import { NavRail } from './NavRail';
import { NoticeBar } from './NoticeBar';
import { StatusBar } from './StatusBar';
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

export function AppShell() {
  const area = useAppStore((s) => s.area);
  const setArea = useAppStore((s) => s.setArea);
  const pushNotice = useAppStore((s) => s.pushNotice);
  const current = areaById(area);
  const [pasteOpen, setPasteOpen] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (hasMod(e) && e.shiftKey && e.key.toLowerCase() === 'v') {
        e.preventDefault();
        setPasteOpen(true);
        return;
      }
      if (!hasMod(e) || e.altKey || e.shiftKey) return;
      const index = Number.parseInt(e.key, 10);
      const target = AREAS[index - 1];
      if (!Number.isNaN(index) && target) {
        e.preventDefault();
        setArea(target.id);
      }
    };
    // A search URL or cURL pasted outside a field opens as a request, wherever you are.
    const onPaste = (e: ClipboardEvent) => {
      if (isEditable(e.target)) return;
      const text = e.clipboardData?.getData('text/plain') ?? '';
      if (!looksLikeRequest(text)) return;
      e.preventDefault();
      const result = importText(text);
      if (!result.ok) pushNotice({ id: 'paste', level: 'error', message: result.message });
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('paste', onPaste);
    };
  }, [setArea, pushNotice]);

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
              onClick={() => setPasteOpen(true)}
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
      {pasteOpen ? <PasteDialog onClose={() => setPasteOpen(false)} /> : null}
    </div>
  );
}
