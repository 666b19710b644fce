import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { checkSortOrder } from '@shared/request';
import { SplitPanes } from '../../components/SplitPanes';
import { useCommands } from '../../shell/commands';
import { searchCommands } from './search-commands';
import { useAppStore } from '../../store/store';
import { useProfileContext } from '../../request-ui/use-profile-context';
import { useSendShortcut } from '../../request-ui/use-send-shortcut';
import { FacetInspector } from './FacetInspector';
import { HistoryDrawer } from '../history';
import { RequestBuilder } from './RequestBuilder';
import { ResultsPane } from './ResultsPane';
import { SavedDrawer } from './SavedDrawer';
import { SortInspector } from './SortInspector';
import { TabsBar } from './TabsBar';
import type { SearchTab } from './tab-model';
import './search.css';

const BUILDER_SIZE = { initial: 440, min: 300, max: 1100 };
const INSPECTOR_SIZE = { initial: 290, min: 220, max: 560 };

/** The merchandiser's screen: request tabs, the builder, the answer, and the facet and sort inspectors. */
export default function SearchScreen() {
  const tabs = useAppStore((s) => s.tabs);
  const activeId = useAppStore((s) => s.activeTabId);
  const openTab = useAppStore((s) => s.openTab);
  const profiles = useAppStore((s) => s.profiles);
  const tab = tabs.find((t) => t.id === activeId);
  const [drawer, setDrawer] = useState<'history' | 'saved' | null>(null);
  const [saveName, setSaveName] = useState<string | null>(null);

  useProfileContext();
  useEffect(() => {
    if (profiles && tabs.length === 0) openTab();
  }, [profiles, tabs.length, openTab]);

  useSendShortcut(
    () => {
      const current = useAppStore.getState();
      if (current.activeTabId) void current.send(current.activeTabId);
    },
    () => {
      const current = useAppStore.getState();
      const active = current.tabs.find((t) => t.id === current.activeTabId);
      if (active?.status === 'sending') void current.cancel(active.id);
    },
  );

  useCommands('search', () => searchCommands({ setDrawer, setSaveName }));

  if (!tab) return <div className="screen-loading" role="status" aria-busy="true" aria-label="Loading" />;

  return (
    <div className="search-screen">
      <TabsBar
        onHistory={() => setDrawer('history')}
        onSaved={() => {
          setSaveName(null);
          setDrawer('saved');
        }}
        onSave={() => {
          setSaveName(tab.title);
          setDrawer('saved');
        }}
      />
      {tab.origin ? <div className="tab-origin small muted">{tab.origin}</div> : null}
      <PinnedProfile tab={tab} />
      <SplitPanes
        screen="search"
        panes={[
          {
            id: 'builder',
            label: 'Request builder',
            size: BUILDER_SIZE,
            collapsible: true,
            node: <RequestBuilder key={tab.id} tab={tab} />,
          },
          { id: 'results', label: 'Results', node: <ResultsPane tab={tab} /> },
          {
            id: 'inspectors',
            label: 'Inspectors',
            size: INSPECTOR_SIZE,
            collapsible: true,
            node: <Inspectors tabId={tab.id} result={tab.result} request={tab.request} failed={tab.error !== null} />,
          },
        ]}
      />
      <HistoryDrawer open={drawer === 'history'} onClose={() => setDrawer(null)} />
      {drawer === 'saved' ? <SavedDrawer onClose={() => setDrawer(null)} saveName={saveName} onSaved={() => setSaveName(null)} /> : null}
    </div>
  );
}

/**
 * The sort and facet inspectors follow a new answer one render behind the
 * results (a deferred value): the rows reach the screen first, and the
 * inspectors' layout and text do not hold back that frame.
 */
const Inspectors = memo(function Inspectors({
  tabId,
  result: latest,
  request,
  failed,
}: {
  tabId: string;
  result: SearchTab['result'];
  request: SearchTab['request'];
  /** The last request failed: what is shown is the answer before it, and is said to be. */
  failed: boolean;
}) {
  const result = useDeferredValue(latest);
  const sent = result?.sent;
  const check = useMemo(() => (result ? checkSortOrder(result.response.items ?? [], result.sent.options?.sortBy) : null), [result]);
  return (
    <aside className="inspector" aria-label="Inspectors" aria-busy={result !== latest}>
      {failed && result ? (
        <p className="notice-inline" data-testid="inspectors-stale">
          The last request failed: below are the facets and sort of the answer before it, checked against the request that answer came from.
        </p>
      ) : null}
      <section className="inspector__section">
        <h2 className="inspector__title">Sort</h2>
        <SortInspector sortBy={sent?.options?.sortBy ?? []} check={failed ? null : check} />
      </section>
      <section className="inspector__section inspector__section--grow">
        <h2 className="inspector__title">Facets</h2>
        <FacetInspector tabId={tabId} facets={result?.response.metadata?.facets} request={request} sent={sent} />
      </section>
    </aside>
  );
});

/** A tab that sends to another profile than the active one says so, with the way back. */
function PinnedProfile({ tab }: { tab: SearchTab }) {
  const list = useAppStore((s) => s.profiles);
  const patchTab = useAppStore((s) => s.patchTab);
  if (!tab.profileId || !list || tab.profileId === list.activeId) return null;
  const pinned = list.profiles.find((p) => p.id === tab.profileId);
  const active = list.profiles.find((p) => p.id === list.activeId);
  return (
    <div className="tab-pinned small" data-testid="tab-profile">
      <span>
        This tab sends to <strong>{pinned?.name ?? 'a deleted profile'}</strong>
        {pinned ? ', the profile whose address the pasted request had' : ''} — not to the active profile
        {active ? ` (${active.name})` : ''}.
      </span>
      {active ? (
        <button type="button" className="btn btn--ghost btn--xs" onClick={() => patchTab(tab.id, { profileId: null })}>
          Send to {active.name} instead
        </button>
      ) : null}
    </div>
  );
}
