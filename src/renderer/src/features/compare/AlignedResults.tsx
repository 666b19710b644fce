import { memo, useMemo, useState } from 'react';
import {
  type SearchDiff,
  absenceLabel,
  lookupLabel,
  pageIsWholeAnswer,
  type RankLookup,
  movementLabel,
  type AlignedRow,
  type Movement,
} from '@shared/diff';
import type { Item, SearchResponse } from '@shared/request';
import { formatPrice } from '../../components/format';
import { Thumb } from '../../components/Thumb';
import { RatingBadge, ratingKeys, type RatingView } from '../judgments';
import type { SideKey } from './compare-state';
import { lookupRank } from './rank-lookup';

/** An item missing from the other side's page: what is known, and the lookup of its rank there when it may be further down. */
interface Absence {
  label: string;
  /** The other side's answer has more than its page: its rank can be looked up. */
  findable: boolean;
  lookup: RankLookup | 'looking' | undefined;
  onFind: () => void;
}

const ROW = 56;
const GUTTER = 96;

const fmtScore = (s: number | null) => (s === null ? '—' : s.toFixed(3));

function describe(row: AlignedRow): string {
  const a = row.rankA === null ? 'not in A' : `A #${row.rankA} · score ${fmtScore(row.scoreA)}`;
  const b = row.rankB === null ? 'not in B' : `B #${row.rankB} · score ${fmtScore(row.scoreB)}`;
  return `${a} → ${b}`;
}

const ItemRow = memo(function ItemRow({
  item,
  rank,
  row,
  side,
  hovered,
  onHover,
  rating,
  rated,
  absence,
  onOpen,
}: {
  onOpen: ((item: Item, side: 'a' | 'b') => void) | undefined;
  item: Item;
  rank: number;
  row: AlignedRow | undefined;
  side: 'a' | 'b';
  hovered: boolean;
  onHover: (id: string | null) => void;
  rating: RatingView | null;
  rated: number | undefined;
  absence: Absence | null;
}) {
  const movement: Movement = row?.movement ?? { kind: 'same' };
  const p = item.product ?? {};
  const title =
    p.title !== undefined
      ? String(p.title)
      : item.redirect
        ? `Redirect: ${String(item.redirect.name ?? item.redirect.url ?? '')}`
        : item.id;
  // What the badge says on each side: A shows where the item went, B where it came from.
  const showBadge = side === 'a' ? movement.kind !== 'new' : movement.kind !== 'dropped';
  return (
    <li
      className={`aligned-row m-${movement.kind}${hovered ? ' is-hovered' : ''}`}
      style={{ height: ROW }}
      title={row ? describe(row) : undefined}
      onMouseEnter={() => onHover(item.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(item.id)}
      onBlur={() => onHover(null)}
      tabIndex={0}
      data-testid={`aligned-${side}`}
      data-id={item.id}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && onOpen && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
          e.preventDefault();
          onOpen(item, side);
        } else if (rating) ratingKeys(rating, item.id)(e);
      }}
      onClick={(e) => {
        // The "Find in B" button inside the row does its own thing.
        if (!(e.target as HTMLElement).closest('button')) onOpen?.(item, side);
      }}
    >
      <span className="aligned-row__rank">{rank}</span>
      <Thumb item={item} size={40} />
      <span className="aligned-row__body">
        <span className="aligned-row__title" title={String(title)}>
          {title}
        </span>
        <span className="aligned-row__meta">
          {formatPrice(p.price) !== null ? <strong>{formatPrice(p.price)}</strong> : null}
          <span className="mono">score {typeof item.score === 'number' ? item.score.toFixed(3) : '—'}</span>
          <span className="mono muted">{item.id}</span>
        </span>
      </span>
      {rating ? <RatingBadge rating={rated} max={rating.max} /> : null}
      {showBadge && movement.kind !== 'same' && !absence ? (
        <span className={`move-badge move-badge--${movement.kind}`} data-testid="movement">
          {movementLabel(movement)}
        </span>
      ) : null}
      {absence ? <AbsenceBadge kind={movement.kind} absence={absence} other={side === 'a' ? 'B' : 'A'} /> : null}
    </li>
  );
});

function AbsenceBadge({ kind, absence, other }: { kind: Movement['kind']; absence: Absence; other: 'A' | 'B' }) {
  const { lookup } = absence;
  const text = lookup === undefined || lookup === 'looking' ? absence.label : lookupLabel(other, lookup);
  return (
    <span className="absence">
      <span
        className={`move-badge move-badge--${lookup && lookup !== 'looking' && lookup.kind === 'found' ? 'moved' : kind}`}
        data-testid="movement"
        title={lookup && lookup !== 'looking' && lookup.kind === 'error' ? lookup.message : undefined}
      >
        {text}
      </span>
      {absence.findable && (lookup === undefined || (lookup !== 'looking' && lookup.kind === 'error')) ? (
        <button
          type="button"
          className="btn btn--ghost btn--xs"
          onClick={(e) => {
            e.stopPropagation();
            absence.onFind();
          }}
          title={`Ask ${other} again, ids only, page by page from the first place not shown, to the service's offset limit`}
        >
          Find in {other}
        </button>
      ) : null}
      {lookup === 'looking' ? (
        <span className="muted small" role="status">
          looking…
        </span>
      ) : null}
    </span>
  );
}

/**
 * The two answers in two aligned columns, rank against rank, with a line
 * joining each item's place in A to its place in B: green when it rose in
 * B, red when it fell, grey when it held. Hovering an item lights it up on
 * both sides and says both ranks and scores.
 */
export function AlignedResults({
  diff,
  a,
  b,
  rating = null,
  onOpen,
}: {
  diff: SearchDiff;
  a: SearchResponse | null;
  b: SearchResponse | null;
  /** The active judgment list's ratings for this query: shown on both sides, set with the keyboard. */
  rating?: RatingView | null;
  /** Opens the item drawer for an item of one side (a click, or Enter on the focused row). */
  onOpen?: (item: Item, side: 'a' | 'b') => void;
}) {
  const [hovered, setHovered] = useState<string | null>(null);
  // Rank lookups belong to the answers they were made for: a new diff starts with none.
  const [lookups, setLookups] = useState<{ of: SearchDiff | null; found: Record<string, RankLookup | 'looking'> }>({ of: null, found: {} });
  const found = lookups.of === diff ? lookups.found : {};
  const setFound = (key: string, value: RankLookup | 'looking') =>
    setLookups((l) => ({ of: diff, found: { ...(l.of === diff ? l.found : {}), [key]: value } }));
  const absenceOn = (side: SideKey, row: AlignedRow | undefined): Absence | null => {
    // A's items B's page lacks, and B's items A's page lacks.
    const missing = side === 'a' ? row?.movement.kind === 'dropped' : row?.movement.kind === 'new';
    if (!row || !missing) return null;
    const other: SideKey = side === 'a' ? 'b' : 'a';
    const answer = other === 'a' ? a : b;
    const shown = answer?.items?.length ?? 0;
    const count = typeof answer?.metadata?.count === 'number' ? answer.metadata.count : null;
    const whole = pageIsWholeAnswer(shown, count);
    const key = `${other}:${row.id}`;
    return {
      label: absenceLabel(other === 'a' ? 'A' : 'B', shown, whole),
      findable: !whole,
      lookup: found[key],
      onFind: () => {
        setFound(key, 'looking');
        void lookupRank(other, row.id).then((result) => setFound(key, result));
      },
    };
  };
  const itemsA = useMemo(() => a?.items ?? [], [a]);
  const itemsB = useMemo(() => b?.items ?? [], [b]);
  const rows = useMemo(() => new Map(diff.ranking.rows.map((r) => [r.id, r])), [diff]);
  const height = Math.max(itemsA.length, itemsB.length, 1) * ROW;
  const links = diff.ranking.rows.filter((r) => r.rankA !== null && r.rankB !== null);
  return (
    <div className="aligned" role="group" aria-label="Results of both sides, aligned by rank">
      <ol className="aligned-list" aria-label="Side A results">
        {itemsA.map((item, i) => (
          <ItemRow
            key={`${item.id}-${i}`}
            item={item}
            rank={i + 1}
            row={rows.get(item.id)}
            side="a"
            hovered={hovered === item.id}
            onHover={setHovered}
            rating={rating}
            rated={rating?.of(item.id)}
            absence={absenceOn('a', rows.get(item.id))}
            onOpen={onOpen}
          />
        ))}
      </ol>
      <svg className="aligned-links" width={GUTTER} height={height} aria-hidden="true">
        {links.map((r) => {
          const y1 = ((r.rankA as number) - 0.5) * ROW;
          const y2 = ((r.rankB as number) - 0.5) * ROW;
          return (
            <path
              key={r.id}
              d={`M0 ${y1} C ${GUTTER / 2} ${y1}, ${GUTTER / 2} ${y2}, ${GUTTER} ${y2}`}
              className={`link link--${r.movement.kind}${hovered === r.id ? ' is-hovered' : ''}`}
            />
          );
        })}
        {diff.ranking.rows
          .filter((r) => r.rankA === null || r.rankB === null)
          .map((r) =>
            r.rankA !== null ? (
              <circle key={r.id} cx={6} cy={(r.rankA - 0.5) * ROW} r={4} className="end-dot end-dot--dropped" />
            ) : (
              <circle key={r.id} cx={GUTTER - 6} cy={((r.rankB as number) - 0.5) * ROW} r={4} className="end-dot end-dot--new" />
            ),
          )}
      </svg>
      <ol className="aligned-list" aria-label="Side B results">
        {itemsB.map((item, i) => (
          <ItemRow
            key={`${item.id}-${i}`}
            item={item}
            rank={i + 1}
            row={rows.get(item.id)}
            side="b"
            hovered={hovered === item.id}
            onHover={setHovered}
            rating={rating}
            rated={rating?.of(item.id)}
            absence={absenceOn('b', rows.get(item.id))}
            onOpen={onOpen}
          />
        ))}
      </ol>
    </div>
  );
}
