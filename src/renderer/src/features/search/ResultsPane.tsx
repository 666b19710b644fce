import { ChevronLeft, ChevronRight, ExternalLink, LayoutGrid, List, SearchX } from 'lucide-react';
import { useCallback, useLayoutEffect, useMemo } from 'react';
import { type SearchResponse, checkSortOrder } from '@shared/request';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { StorefrontCopy } from './StorefrontCopy';
import { Segmented } from '../../components/Segmented';
import { modKey } from '../../shell/keys';
import { useAppStore } from '../../store/store';
import { AnswerBody, PanelSwitch, SendingProgress } from '../../request-ui/AnswerBody';
import { ServiceError } from '../../request-ui/ServiceError';
import { markPaintedAfterFrame } from '../../perf/user-timing';

import { requestAs } from './request-text';
import { JudgmentPicker, useRatingView } from '../judgments';
import { ResultsGrid } from './ResultsGrid';
import { ResultsTable } from './ResultsTable';
import { SearchExpectations } from './SearchExpectations';
import { pagingOf } from './paging';
import { configurationLabel } from './configuration-label';
import { shareableRequest, type SearchTab } from './tab-model';
import { Fold } from '../../components/Fold';

/** The folded line of a pasted request's notes: how many steps read it, and the first note, whole. */
function pastedSummary(steps: number, notes: readonly string[]): string {
  const parts = [
    steps ? `${steps} step${steps === 1 ? '' : 's'}` : '',
    notes.length ? `${notes.length} note${notes.length === 1 ? '' : 's'}: ${notes[0]}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

export function countLabel(count: number, exact: boolean): string {
  return exact ? count.toLocaleString('en-US') : `${count.toLocaleString('en-US')}+`;
}

/** The answer to the tab's last request: summary, results (table or grid), raw JSON, exchange record. */
export function ResultsPane({ tab }: { tab: SearchTab }) {
  const patchTab = useAppStore((s) => s.patchTab);
  const goToPage = useAppStore((s) => s.goToPage);
  const openTab = useAppStore((s) => s.openTab);
  // A tab pinned to a profile (a pasted request for another environment) copies that profile's address.
  const profile = useAppStore((s) => (tab.profileId ? s.profiles?.profiles.find((p) => p.id === tab.profileId) : s.activeProfile()));
  const result = tab.result;
  const response: SearchResponse | undefined = result?.response;
  const meta = response?.metadata;
  const items = useMemo(() => response?.items ?? [], [response]);
  const sortBy = useMemo(() => result?.sent.options?.sortBy ?? [], [result]);
  const check = useMemo(() => (result ? checkSortOrder(items, sortBy) : null), [result, items, sortBy]);
  const outOfOrder = useMemo(() => new Set(check?.violations ?? []), [check]);
  const baseUrl = profile?.searchUrl ?? '';
  // Only printed when the Raw response panel is open: 1,000 items are ~0.7 MB of text, not worth making on every answer.
  const rawResponse = useMemo(() => (response && tab.panel === 'raw' ? JSON.stringify(response, null, 2) : ''), [response, tab.panel]);
  const rating = useRatingView(result?.sent.query);
  const paging = pagingOf(meta, items.filter((i) => !i.redirect).length);
  const highlight = useMemo(() => new Set(tab.highlight), [tab.highlight]);
  const openItem = useAppStore((s) => s.openItem);
  const onOpen = useCallback(
    (index: number) => {
      const item = items[index];
      if (!item || !result) return;
      openItem({
        item,
        tabId: tab.id,
        query: result.sent.query ?? '',
        placements: [
          { label: 'This answer', rank: (meta?.offset ?? 0) + index + 1, score: typeof item.score === 'number' ? item.score : null },
        ],
        ...(result.sent.options?.customResponseMask?.trim() ? { mask: result.sent.options.customResponseMask } : {}),
      });
    },
    [items, result, meta, openItem, tab.id],
  );
  useLayoutEffect(() => {
    // The answer (rows, "no items match" or an error) is committed: mark the frame that shows it.
    if (result || tab.error) markPaintedAfterFrame();
  }, [result, tab.error]);

  const header = (
    <div className="results-head">
      <div className={`results-head__stats${tab.error && meta ? ' is-stale' : ''}`} aria-live="polite">
        {meta ? (
          <>
            {tab.error ? (
              <span className="badge badge--warning" data-testid="stale-answer" title="The figures beside this are from the answer before">
                previous answer (before the failed request)
              </span>
            ) : null}
            <span className="stat" data-testid="result-count">
              <strong>{countLabel(meta.count, meta.exactCount !== false)}</strong> {meta.count === 1 ? 'item' : 'items'}
            </span>
            <span className="stat">{meta.time} ms</span>
            <ConfigurationStat used={meta.configurationId} tenantDefault={meta.defaultConfigurationId} />
            <span className="stat mono small" title="Response id">
              id {meta.id.slice(0, 8)}…
            </span>
          </>
        ) : (
          <span className="muted">No answer yet</span>
        )}
      </div>
      <div className="results-head__tools">
        <JudgmentPicker />
        <PanelSwitch value={tab.panel} onChange={(panel) => patchTab(tab.id, { panel })} resultsLabel="Results" />
        {tab.panel === 'results' ? (
          <Segmented
            label="Layout"
            value={tab.view}
            onChange={(v) => patchTab(tab.id, { view: v })}
            options={[
              { value: 'table', label: <List size={14} aria-label="Table" />, title: 'Table' },
              { value: 'grid', label: <LayoutGrid size={14} aria-label="Grid" />, title: 'Product grid' },
            ]}
          />
        ) : null}
      </div>
    </div>
  );

  // Copies are of the request whose answer is on screen; edits in the builder not yet sent are said, not copied.
  const shared = shareableRequest(tab);
  const shareBar = (
    <Fold
      id="search-share"
      className="share-bar"
      title="Copy request as"
      summary="GET URL, cURL, JSON body, storefront URL, or a new tab"
      actions={
        // Said on the folded line too: copies are of the answer's request, not of edits not yet sent.
        shared.edited ? (
          <span
            className="badge badge--warning"
            data-testid="share-edited"
            title={`The builder has edits not sent yet; these copy the request of the answer shown. Send (${modKey()}+Enter) to copy the edited one.`}
          >
            answer shown, not the unsent edits
          </span>
        ) : null
      }
    >
      <CopyButton label="GET URL" text={() => requestAs('url', baseUrl, shared.request, tab.transport)} />
      <CopyButton label="cURL" text={() => requestAs('curl', baseUrl, shared.request, tab.transport)} />
      <CopyButton label="JSON body" text={() => requestAs('json', baseUrl, shared.request, tab.transport)} />
      <StorefrontCopy profile={profile} request={shared.request} like={tab.pastedUrl} />
      <Button
        size="sm"
        variant="ghost"
        icon={<ExternalLink size={14} aria-hidden="true" />}
        onClick={() => openTab({ request: structuredClone(tab.request), transport: tab.transport, origin: `Copy of "${tab.title}"` })}
      >
        Open in new tab
      </Button>
    </Fold>
  );

  let body: React.ReactNode;
  if (tab.error) {
    body = <ServiceError error={tab.error} onShowExchange={() => patchTab(tab.id, { panel: 'exchange' })} />;
  } else if (!response) {
    body = (
      <div className="empty-state empty-state--inline">
        <h2 className="empty-state__title">Build a request, then send it</h2>
        <p className="muted">
          Press <kbd>{modKey()}</kbd>+<kbd>Enter</kbd> or Send. Paste a customer&apos;s search URL or a cURL command anywhere (
          <kbd>{modKey()}</kbd>+<kbd>Shift</kbd>+<kbd>V</kbd>) to load it.
        </p>
      </div>
    );
  } else if (paging.pastEnd) {
    body = (
      <div className="empty-state empty-state--inline" data-testid="past-end">
        <SearchX size={28} aria-hidden="true" />
        <h2 className="empty-state__title">
          Page {paging.page} is past the {countLabel(meta!.count, meta!.exactCount !== false)} {meta!.count === 1 ? 'result' : 'results'}
        </h2>
        <p className="muted">
          The request asks for items from offset {paging.offset}, so this page shows nothing — the query itself matches.
        </p>
        <Button size="sm" variant="primary" onClick={() => goToPage(tab.id, paging.lastPageOffset)}>
          Go to page {Math.floor(paging.lastPageOffset / paging.limit) + 1}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="empty-state empty-state--inline">
        <SearchX size={28} aria-hidden="true" />
        <h2 className="empty-state__title">No items match</h2>
        <p className="muted">Try removing a facet value or loosening the filter. Unknown facet values also give an empty answer.</p>
      </div>
    );
  } else {
    body =
      tab.view === 'grid' ? (
        <ResultsGrid items={items} offset={meta?.offset ?? 0} sortBy={sortBy} outOfOrder={outOfOrder} rating={rating} onOpen={onOpen} />
      ) : (
        <ResultsTable
          items={items}
          offset={meta?.offset ?? 0}
          sortBy={sortBy}
          outOfOrder={outOfOrder}
          rating={rating}
          onOpen={onOpen}
          highlight={highlight}
        />
      );
  }

  return (
    <div className={`results${tab.status === 'sending' ? ' is-sending' : ''}`} aria-busy={tab.status === 'sending'}>
      <SendingProgress sending={tab.status === 'sending'} />
      {header}
      {tab.steps.length > 0 || tab.notes.length > 0 ? (
        <Fold
          id="search-notes"
          className="notes-fold"
          title={tab.steps.length ? 'How the pasted URL was read' : 'About the pasted request'}
          summary={pastedSummary(
            tab.steps.length,
            tab.notes.map((n) => n.message),
          )}
        >
          {tab.steps.length > 0 ? (
            <div className="notes notes--steps" role="note" data-testid="storefront-steps">
              <strong>How the storefront URL was read:</strong>
              <ol>
                {tab.steps.map((step, i) => (
                  <li key={i} className="mono">
                    {step}
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
          {tab.notes.length > 0 ? (
            <div className="notes" role="note" data-testid="import-notes">
              <strong>About the pasted request:</strong>
              <ul>
                {tab.notes.map((n, i) => (
                  <li key={i}>{n.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </Fold>
      ) : null}
      {result?.warnings.map((w, i) => (
        <p key={i} className="diag diag--warning">
          {w}
        </p>
      ))}
      <div className="results-body">
        <AnswerBody
          panel={tab.panel}
          id={tab.id}
          rawJson={response ? rawResponse : null}
          exchange={tab.error?.exchange ?? result?.exchange}
        >
          {body}
        </AnswerBody>
      </div>
      {response && !tab.error && tab.panel === 'results' && (items.length > 0 || paging.pastEnd) ? (
        <nav className="pager" aria-label="Pages">
          <Button
            size="sm"
            variant="ghost"
            disabled={paging.previous === null}
            onClick={() => paging.previous !== null && goToPage(tab.id, paging.previous)}
            icon={<ChevronLeft size={14} aria-hidden="true" />}
          >
            Previous
          </Button>
          <span className="small">
            Page {paging.page} of {meta?.exactCount === false ? `${paging.pages}+` : paging.pages}
          </span>
          <Button
            size="sm"
            variant="ghost"
            disabled={paging.next === null}
            onClick={() => paging.next !== null && goToPage(tab.id, paging.next)}
          >
            Next <ChevronRight size={14} aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
      <SearchExpectations tab={tab} />
      {shareBar}
    </div>
  );
}

/** The configuration the service used, and how it stands to the tenant's default, each said once. */
function ConfigurationStat({ used, tenantDefault }: { used: string; tenantDefault: string | undefined }) {
  const label = configurationLabel(used, tenantDefault);
  return (
    <span className="stat" title={label.title} data-testid="answer-configuration">
      config <span className="mono">{label.used}</span>
      {label.badge ? (
        <span className={`badge${label.badge.muted ? ' badge--muted' : ''}`}>
          {label.badge.text}
          {label.badge.id ? <span className="mono"> {label.badge.id}</span> : null}
        </span>
      ) : null}
    </span>
  );
}
