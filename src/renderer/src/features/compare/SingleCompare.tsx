import { Download, GitCompareArrows } from 'lucide-react';
import { useMemo } from 'react';
import { reproBundle } from '@shared/compare';
import { diffSearch } from '@shared/diff';
import type { Item } from '@shared/request';
import { Button } from '../../components/Button';
import { downloadText } from '../../components/download';
import { Segmented } from '../../components/Segmented';
import { JsonDiffEditor } from '../../editors/JsonDiffEditor';
import { modKey } from '../../shell/keys';
import { useAppStore } from '../../store/store';
import { ServiceError } from '../../request-ui/ServiceError';
import { JudgmentPicker, useRatingView } from '../judgments';
import { ExplainBanner, ExplainPanel } from '../explain';
import { AlignedResults } from './AlignedResults';
import { FacetDiffPanel, ProductDiffPanel } from './DiffPanels';
import { MetricsBar } from './MetricsBar';
import type { SideKey } from './compare-state';

/** One side's name and how its answer went: sending, failed, not sent, or what `answered` says of it. */
export function SideStatusLine({
  side,
  status,
  answered,
}: {
  side: SideKey;
  status: 'idle' | 'sending' | 'done' | 'error';
  answered: string | null;
}) {
  const label = useAppStore((s) => s.compare.sides[side].label);
  return (
    <div className={`side-status side-status--${side}`}>
      <span className={`side-tag side-tag--${side}`}>{side.toUpperCase()}</span>
      <span className="side-status__label">{label}</span>
      <span className="muted small">{status === 'sending' ? 'sending…' : status === 'error' ? 'failed' : (answered ?? 'not sent')}</span>
    </div>
  );
}

/** How long an answer took, or that it was stored, and where it came from. */
export const answeredHow = (exchange: { timings: { totalMs: number } } | null | undefined, source: string | null | undefined) =>
  `${exchange ? `${Math.round(exchange.timings.totalMs)} ms` : 'stored'}${source ? ` · ${source}` : ''}`;

function SideStatus({ side }: { side: SideKey }) {
  const answer = useAppStore((s) => s.compare.answers[side]);
  const r = answer.result;
  return (
    <SideStatusLine
      side={side}
      status={answer.status}
      answered={
        r
          ? `${r.response.metadata?.count?.toLocaleString('en-US') ?? r.response.items?.length ?? 0} items · ${answeredHow(r.exchange, answer.source)}`
          : null
      }
    />
  );
}

/** Both answers to the same query, their measures, and every view of what differs. */
export function SingleCompare() {
  const compare = useAppStore((s) => s.compare);
  const patch = useAppStore((s) => s.patchCompare);
  const profiles = useAppStore((s) => s.profiles);
  const { answers, panel } = compare;
  const a = answers.a.result?.response ?? null;
  const b = answers.b.result?.response ?? null;
  const diff = useMemo(() => (a && b ? diffSearch(a, b) : null), [a, b]);
  const raw = useMemo(() => (a && b ? { a: JSON.stringify(a, null, 2), b: JSON.stringify(b, null, 2) } : null), [a, b]);
  const errors = (['a', 'b'] as const).filter((k) => answers[k].error);
  // Answers on screen that are not for the request as it stands (the query or a side changed, or a send was
  // refused): marked as the earlier request's, never passed off as this one's.
  const currentAnswers = useAppStore((s) => s.currentAnswers);
  const fresh = currentAnswers();
  const stale = (['a', 'b'] as const).some(
    (k) => answers[k].status === 'done' && answers[k].result && !answers[k].source && !(k === 'a' && compare.pinnedA) && !fresh[k],
  );
  const staleQuery = answers.b.request?.query ?? answers.a.request?.query ?? '';
  // Ratings are for the query both sides answered (the one on screen, not the one being typed).
  const rating = useRatingView(answers.a.request?.query ?? answers.b.request?.query ?? compare.query);

  const openItem = useAppStore((s) => s.openItem);
  // The item drawer: its rank and score on each side, the ratings for the query both sides answered.
  const openItemOf = (item: Item, side: SideKey) => {
    const row = diff?.ranking.rows.find((r) => r.id === item.id);
    const mask = answers[side].request?.options?.customResponseMask?.trim();
    openItem({
      item,
      query: answers.a.request?.query ?? answers.b.request?.query ?? compare.query,
      placements: [
        { label: `A (${compare.sides.a.label})`, rank: row?.rankA ?? null, score: row?.scoreA ?? null },
        { label: `B (${compare.sides.b.label})`, rank: row?.rankB ?? null, score: row?.scoreB ?? null },
      ],
      ...(mask ? { mask } : {}),
    });
  };

  const exportRepro = () => {
    if (!diff || !answers.a.request || !answers.b.request) return;
    const baseUrl = (k: SideKey) => {
      const draft = compare.sides[k];
      return profiles?.profiles.find((p) => p.id === (draft.profileId ?? profiles.activeId))?.searchUrl ?? '';
    };
    const side = (k: SideKey) => ({
      label: compare.sides[k].label,
      baseUrl: baseUrl(k),
      request: answers[k].request!,
      response: answers[k].result?.response ?? null,
      ...(answers[k].source ? { source: answers[k].source! } : {}),
    });
    downloadText(
      `repro-${(compare.query || 'browse').replace(/\W+/g, '-').slice(0, 40)}.json`,
      reproBundle({ a: side('a'), b: side('b') }, diff),
    );
  };

  return (
    <div className={`single-compare${stale ? ' is-stale' : ''}`}>
      <div className="compare-status">
        <SideStatus side="a" />
        <SideStatus side="b" />
        <div className="compare-status__tools">
          <JudgmentPicker />
          <Segmented
            label="View"
            value={panel}
            onChange={(v) => patch({ panel: v })}
            options={[
              { value: 'results', label: 'Results' },
              { value: 'facets', label: 'Facets' },
              { value: 'products', label: 'Attributes' },
              { value: 'raw', label: 'Raw diff' },
              { value: 'explain', label: 'Explain', title: 'Which of the differences between the sides moved what' },
            ]}
          />
          <Button
            size="sm"
            variant="ghost"
            icon={<Download size={13} aria-hidden="true" />}
            disabled={!diff}
            onClick={exportRepro}
            title="Both requests (URL, cURL, JSON), both answers and the diff, as one file for a ticket"
          >
            Repro bundle
          </Button>
        </div>
      </div>
      <ExplainBanner />
      {stale && diff ? (
        <p className="diag diag--warning compare-stale" data-testid="compare-stale">
          These answers are for the earlier request (“{staleQuery || 'browse'}” as it was sent): the query or a side has changed since.
          Press Send ({modKey()}+Enter) to compare the request as it is now.
        </p>
      ) : null}
      {diff ? <MetricsBar diff={diff} /> : null}
      {errors.map((k) => (
        <ServiceError key={k} error={answers[k].error!} title={`Side ${k.toUpperCase()} failed`} />
      ))}
      <div className="compare-body">
        {panel === 'explain' ? (
          <ExplainPanel />
        ) : !diff ? (
          errors.length ? null : (
            <div className="empty-state empty-state--inline">
              <GitCompareArrows size={28} aria-hidden="true" />
              <h2 className="empty-state__title">Send one query to both sides</h2>
              <p className="muted">
                Set what makes each side differ above (configuration, profile, filter, variables), type a query and press{' '}
                <kbd>{modKey()}</kbd>+<kbd>Enter</kbd>. Movements, measures and the facet and raw diffs appear here.
              </p>
            </div>
          )
        ) : panel === 'facets' ? (
          <FacetDiffPanel diff={diff} />
        ) : panel === 'products' ? (
          <ProductDiffPanel diff={diff} />
        ) : panel === 'raw' && raw ? (
          <JsonDiffEditor original={raw.a} modified={raw.b} id="compare" />
        ) : (
          <AlignedResults diff={diff} a={a} b={b} rating={rating} onOpen={openItemOf} />
        )}
      </div>
    </div>
  );
}
