import { GitCompareArrows } from 'lucide-react';
import { useMemo } from 'react';
import { KIND_WORDS } from '@shared/compare';
import {
  diffAutocomplete,
  diffSuggest,
  groupCap,
  type GroupDiff,
  type GroupSide,
  type ListMetrics,
  movementLabel,
  type AlignedRow,
} from '@shared/diff';
import { type AutocompleteResponse, type Item, type SuggestRequest, type SuggestResponse, isRequest } from '@shared/request';
import { ItemCell } from '../../components/ItemCell';
import { modKey } from '../../shell/keys';
import { useAppStore } from '../../store/store';
import { ServiceError } from '../../request-ui/ServiceError';
import type { KindSideAnswer, SideKey } from './compare-state';
import { Metric, RboMetric, toneOf } from './MetricsBar';
import { answeredHow, SideStatusLine } from './SingleCompare';
import { plural } from '@shared/text';

const pct = (x: number) => `${Math.round(x * 100)}%`;
const n = (x: number) => x.toLocaleString('en-US');

/** The measures every list comparison shows: RBO, overlaps and the first entry. */
function ListMeasures({ m, first }: { m: ListMetrics; first: string }) {
  return (
    <>
      <RboMetric rbo={m.rbo} />
      <Metric label="Overlap@3" value={pct(m.overlap[3])} hint="Share of the top 3 both sides hold" />
      <Metric label="@10" value={pct(m.overlap[10])} hint="Share of the top 10 both sides hold" tone={toneOf(m.overlap[10])} />
      <Metric label="All" value={pct(m.overlap.all)} hint="Share of everything returned that both sides hold" />
      <Metric
        label={first}
        value={m.top1Changed ? 'changed' : 'same'}
        hint={`Whether the first ${first.toLowerCase()} differs`}
        tone={m.top1Changed ? 'bad' : 'good'}
      />
    </>
  );
}

function sideLine(s: GroupSide | null): string {
  if (!s) return 'no group';
  const cap = s.cap === null ? '' : ` · cap ${s.cap}`;
  return `${n(s.count)} in the group · ${s.returned} shown${cap}${s.capped ? ' (cut at the cap)' : ''}`;
}

/**
 * A list on each side, side by side: each entry at its rank, with where it
 * went (on A) or where it came from (on B), as the aligned rows say.
 */
function SideLists({
  rows,
  label,
  render,
  testId,
}: {
  rows: AlignedRow[];
  label: string;
  render: (row: AlignedRow) => React.ReactNode;
  testId: string;
}) {
  if (rows.length === 0) return <p className="muted small">Neither side has anything here.</p>;
  const on = (side: SideKey) =>
    rows
      .filter((r) => (side === 'a' ? r.rankA : r.rankB) !== null)
      .sort((x, y) => (side === 'a' ? x.rankA! - y.rankA! : x.rankB! - y.rankB!));
  const badge = (row: AlignedRow, side: SideKey) => {
    const m = row.movement;
    // A says where the entry went; B how it moved to get there.
    if (side === 'a') return m.kind === 'dropped' ? 'only A' : m.kind === 'same' ? '=' : `→ #${row.rankB}`;
    return m.kind === 'new' ? 'only B' : movementLabel(m);
  };
  return (
    <div className="kind-sides" data-testid={testId}>
      {(['a', 'b'] as const).map((side) => {
        const list = on(side);
        return (
          <ol key={side} className="kind-list" aria-label={`${label} on ${side.toUpperCase()}`}>
            {list.length === 0 ? <li className="kind-list__none muted small">Nothing on {side.toUpperCase()}</li> : null}
            {list.map((row) => (
              <li key={row.id} className={`kind-list__row m-${row.movement.kind}`} data-id={row.id}>
                <span className="kind-list__rank">{side === 'a' ? row.rankA : row.rankB}</span>
                <span className="kind-list__body">{render(row)}</span>
                <span className="kind-list__move" title={`A #${row.rankA ?? '—'} · B #${row.rankB ?? '—'}`}>
                  {badge(row, side)}
                </span>
              </li>
            ))}
          </ol>
        );
      })}
    </div>
  );
}

function GroupCard({ group, items }: { group: GroupDiff; items: Map<string, Item> }) {
  const m = group.metrics;
  return (
    <section className="kind-group" aria-label={`Group ${group.value}`} data-testid="suggest-group">
      <header className="kind-group__head">
        <h3 className="kind-group__title">{group.value}</h3>
        {group.presence !== 'both' ? <span className="badge badge--warning">only on {group.presence === 'only-a' ? 'A' : 'B'}</span> : null}
        {group.emptyOnOneSide ? <span className="badge badge--danger">empty on one side</span> : null}
        {group.cappedOnOneSide ? <span className="badge badge--warning">cut at the cap on one side</span> : null}
        <span className="kind-group__measures small">
          RBO <strong>{m.rbo.toFixed(3)}</strong> · overlap {pct(m.overlap.all)} · first item {m.top1Changed ? 'changed' : 'same'}
        </span>
      </header>
      <div className="kind-group__sides small muted">
        <span>
          <span className="side-tag side-tag--a">A</span> {sideLine(group.a)}
        </span>
        <span>
          <span className="side-tag side-tag--b">B</span> {sideLine(group.b)}
        </span>
      </div>
      <SideLists
        rows={group.ranking.rows}
        label="Item"
        testId="suggest-group-items"
        render={(row) => {
          const item = items.get(row.id);
          return (
            <span className="kind-list__item">
              <ItemCell item={item ?? row.id} />
            </span>
          );
        }}
      />
    </section>
  );
}

function SuggestView({ a, b, requests }: { a: SuggestResponse; b: SuggestResponse; requests: Record<SideKey, SuggestRequest | null> }) {
  const diff = useMemo(
    () => diffSuggest(a, b, { a: groupCap(requests.a?.options?.groupBy), b: groupCap(requests.b?.options?.groupBy) }),
    [a, b, requests],
  );
  const items = useMemo(() => {
    const out = new Map<string, Item>();
    for (const r of [b, a]) for (const g of r.groups ?? []) for (const item of g.items ?? []) out.set(item.id, item);
    return out;
  }, [a, b]);
  const empty = diff.groups.filter((g) => g.emptyOnOneSide).length;
  const capped = diff.groups.filter((g) => g.cappedOnOneSide).length;
  return (
    <>
      <div className="metrics-bar" data-testid="suggest-metrics" aria-label="Comparison measures">
        <ListMeasures m={diff.overall} first="First item" />
        <Metric label="Items" value={`${diff.itemsA} → ${diff.itemsB}`} hint="Items shown on each side, all groups together" />
        <Metric
          label="Groups changed"
          value={`${diff.groupsChanged} of ${diff.groups.length}`}
          hint="Groups whose items, order or count differ, or that only one side has"
          {...(diff.groupsChanged ? { tone: 'warn' as const } : {})}
        />
        <Metric
          label="Flags"
          value={`${empty} empty · ${capped} capped`}
          hint="Groups empty on one side only; groups cut at their cap on one side only"
          {...(empty ? { tone: 'bad' as const } : capped ? { tone: 'warn' as const } : {})}
        />
      </div>
      <div className="kind-groups">
        {diff.groups.map((g) => (
          <GroupCard key={g.value} group={g} items={items} />
        ))}
      </div>
    </>
  );
}

function AutocompleteView({ a, b }: { a: AutocompleteResponse; b: AutocompleteResponse }) {
  const diff = useMemo(() => diffAutocomplete(a, b), [a, b]);
  const counts = useMemo(() => {
    const out = new Map<string, { a?: number; b?: number }>();
    for (const s of a.suggestions ?? [])
      out.set(s.suggestion, { ...out.get(s.suggestion), ...(s.count !== undefined ? { a: s.count } : {}) });
    for (const s of b.suggestions ?? [])
      out.set(s.suggestion, { ...out.get(s.suggestion), ...(s.count !== undefined ? { b: s.count } : {}) });
    return out;
  }, [a, b]);
  const na = a.suggestions?.length ?? 0;
  const nb = b.suggestions?.length ?? 0;
  return (
    <>
      <div className="metrics-bar" data-testid="autocomplete-metrics" aria-label="Comparison measures">
        <ListMeasures m={diff.metrics} first="First suggestion" />
        <Metric
          label="Suggestions"
          value={`${na} → ${nb}`}
          hint="Suggestions on each side"
          {...((na === 0) !== (nb === 0) ? { tone: 'bad' as const } : {})}
        />
        <Metric
          label="Moves"
          value={`▲${diff.ranking.counts.up} ▼${diff.ranking.counts.down} +${diff.ranking.counts.new} −${diff.ranking.counts.dropped}`}
          hint="Suggestions that rose or fell; only on B (+); only on A (−)"
        />
      </div>
      {(na === 0) !== (nb === 0) ? (
        <p className="diag diag--warning">Side {na === 0 ? 'A' : 'B'} suggests nothing for this prefix.</p>
      ) : null}
      <div className="kind-group">
        <SideLists
          rows={diff.ranking.rows}
          label="Suggestion"
          testId="autocomplete-rows"
          render={(row) => {
            const c = counts.get(row.id);
            return (
              <span>
                {row.id}
                {c ? (
                  <span className="muted small">
                    {' '}
                    · results {c.a ?? '—'} → {c.b ?? '—'}
                  </span>
                ) : null}
              </span>
            );
          }}
        />
      </div>
    </>
  );
}

/** Product suggest or autocomplete on both sides: the same sides as search, each kind's answers aligned. */
export function KindCompare({ kind }: { kind: 'suggest' | 'autocomplete' }) {
  const answers = useAppStore((s) => s.compare.kindAnswers);
  const words = KIND_WORDS[kind];
  const of = <K extends 'suggest' | 'autocomplete'>(k: SideKey, want: K) => {
    const r = answers[k].result;
    return r && r.kind === want ? (r.response as K extends 'suggest' ? SuggestResponse : AutocompleteResponse) : null;
  };
  const what = (answer: KindSideAnswer) => {
    const r = answer.result;
    if (!r) return '';
    if (r.kind === 'suggest')
      return `${plural(r.response.groups?.length ?? 0, 'group')} · ${plural(r.response.groups?.reduce((x, g) => x + (g.items?.length ?? 0), 0) ?? 0, 'item')}`;
    return `${r.response.suggestions?.length ?? 0} suggestions`;
  };
  const errors = (['a', 'b'] as const).filter((k) => answers[k].error);
  const body = (() => {
    if (kind === 'suggest') {
      const a = of('a', 'suggest');
      const b = of('b', 'suggest');
      // Both answers came, so main took both requests as suggest requests: the check only tells the compiler.
      const req = (k: SideKey) => {
        const sent = answers[k].request;
        return isRequest('suggest', sent) ? sent : null;
      };
      return a && b ? <SuggestView a={a} b={b} requests={{ a: req('a'), b: req('b') }} /> : null;
    }
    const a = of('a', 'autocomplete');
    const b = of('b', 'autocomplete');
    return a && b ? <AutocompleteView a={a} b={b} /> : null;
  })();
  return (
    <div className="single-compare">
      <div className="compare-status">
        {(['a', 'b'] as const).map((k) => (
          <SideStatusLine
            key={k}
            side={k}
            status={answers[k].status}
            answered={answers[k].result ? `${what(answers[k])} · ${answeredHow(answers[k].result?.exchange, answers[k].source)}` : null}
          />
        ))}
      </div>
      {errors.map((k) => (
        <ServiceError key={k} error={answers[k].error!} title={`Side ${k.toUpperCase()} failed`} />
      ))}
      <div className="compare-body compare-body--scroll">
        {body ??
          (errors.length ? null : (
            <div className="empty-state empty-state--inline">
              <GitCompareArrows size={28} aria-hidden="true" />
              <h2 className="empty-state__title">
                {kind === 'suggest' ? 'Send one product suggest to both sides' : 'Send one prefix to both sides'}
              </h2>
              <p className="muted">
                {kind === 'suggest'
                  ? 'Give the attribute and the values to group by, type a query'
                  : `Type a ${words.row}, as a shopper would`}{' '}
                and press <kbd>{modKey()}</kbd>+<kbd>Enter</kbd>.{' '}
                {kind === 'suggest'
                  ? 'Each group appears with its items side by side, their moves, counts and caps.'
                  : 'The suggestions appear side by side with their moves. Batch runs many prefixes — typed, or made from a query set.'}
              </p>
            </div>
          ))}
      </div>
    </div>
  );
}
