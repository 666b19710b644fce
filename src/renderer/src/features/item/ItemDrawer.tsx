import { useEffect, useMemo, useRef, useState } from 'react';
import { formatAgo, formatWhen } from '@shared/text';
import { Drawer } from '../../components/Drawer';
import { formatValue } from '../../components/format';
import { Thumb } from '../../components/Thumb';
import { itemTitle } from '../../components/ItemCell';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { useProfileContext } from '../../request-ui/use-profile-context';
import { useAppStore } from '../../store/store';
import { aboveScale, RatingBadge, ratingKeys, useRatingView } from '../judgments';
import { itemAttributes } from './item-attributes';
import { ItemExpect } from '../assertions';
import './item.css';

const fmtScore = (s: number | null) => (s === null ? '—' : s.toFixed(3));

/**
 * One item as the answer returned it: its image, where it stands (and on each side when comparing), every
 * judgment list's rating of it for the query with who and when, and every attribute the answer carried —
 * naming those a response mask left out. Opened by a click (or Enter) on a result; Escape closes it.
 */
export function ItemDrawer() {
  const view = useAppStore((s) => s.itemView);
  const ratings = useAppStore((s) => s.itemRatings);
  const close = useAppStore((s) => s.closeItem);
  const reload = useAppStore((s) => s.reloadItemRatings);
  // A rating given or taken back while the drawer is open (any list) is read back into it.
  const revisions = useAppStore((s) => s.ratingsRevision);
  const seen = useRef(revisions);
  useEffect(() => {
    if (seen.current === revisions) return;
    seen.current = revisions;
    reload();
  }, [revisions, reload]);
  const { catalog, profile } = useProfileContext();
  const loadCatalogAttributes = useAppStore((s) => s.loadCatalogAttributes);
  // The schema is read once when the app starts; if that read failed (the service was busy or not up yet), an item
  // opened with a response mask asks again, so the attributes the mask left out can be named.
  useEffect(() => {
    if (view?.mask && !catalog && profile?.id) void loadCatalogAttributes(profile.id);
  }, [view, catalog, profile?.id, loadCatalogAttributes]);
  const attributes = useMemo(
    () =>
      view
        ? itemAttributes(
            view.item,
            view.mask,
            catalog?.map((a) => a.name),
          )
        : null,
    [view, catalog],
  );
  // The active judgment list's rating of the item, set here by a button or a digit; a digit above its scale is said.
  const rating = useRatingView(view?.query);
  const activeList = useAppStore((s) => s.activeRatings.result?.name ?? null);
  const [refused, setRefused] = useState<{ item: string; message: string } | null>(null);
  if (!view || !attributes) return null;
  const { item, query, placements } = view;
  const title = itemTitle(item) ?? item.id;
  return (
    <Drawer title={title} open onClose={close} width={460}>
      <div
        className="item-view"
        data-testid="item-drawer"
        onKeyDown={
          rating
            ? ratingKeys(
                {
                  max: rating.max,
                  rate: (id, r) => {
                    setRefused(null);
                    rating.rate(id, r);
                  },
                  undo: rating.undo,
                  refuse: (digit) => setRefused({ item: item.id, message: aboveScale(digit, rating.max, activeList ?? '') }),
                },
                item.id,
              )
            : undefined
        }
      >
        <div className="item-view__top">
          <Thumb item={item} size={120} />
          <div className="item-view__ids">
            <span className="mono">{item.id}</span>
            <CopyButton label="Copy id" text={item.id} />
            {item.redirect ? <span className="badge">redirect to {String(item.redirect.url ?? item.redirect.name ?? '')}</span> : null}
          </div>
        </div>

        <section aria-label="Where it stands">
          <h3 className="item-view__h">Where it stands{query ? ` for “${query}”` : ''}</h3>
          <table className="item-view__table" data-testid="item-placements">
            <thead>
              <tr>
                <th scope="col">Answer</th>
                <th scope="col" className="n">
                  Rank
                </th>
                <th scope="col" className="n">
                  Score
                </th>
              </tr>
            </thead>
            <tbody>
              {placements.map((p) => (
                <tr key={p.label}>
                  <th scope="row">{p.label}</th>
                  <td className="n">{p.rank === null ? 'not on its page' : `#${p.rank}`}</td>
                  <td className="n mono">{fmtScore(p.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        {view.tabId && placements[0]?.rank ? <ItemExpect tabId={view.tabId} itemId={item.id} rank={placements[0].rank} /> : null}

        <section aria-label="Ratings">
          <h3 className="item-view__h">Ratings{query ? ` for “${query}”` : ''}</h3>
          {rating && activeList ? (
            <div className="item-view__rate" role="group" aria-label={`Rate in ${activeList}`} data-testid="item-rate">
              <span className="small">
                Rate in <strong>{activeList}</strong>
              </span>
              {Array.from({ length: rating.max + 1 }, (_, r) => (
                <button
                  key={r}
                  type="button"
                  className="item-view__grade"
                  aria-pressed={rating.of(item.id) === r}
                  title={`Rate ${r} of ${rating.max} (or press ${r})`}
                  onClick={() => {
                    setRefused(null);
                    rating.rate(item.id, r);
                  }}
                >
                  {r}
                </button>
              ))}
              <Button
                size="sm"
                variant="ghost"
                disabled={rating.of(item.id) === undefined}
                title="Take the rating out of the list (or press Backspace)"
                onClick={() => rating.rate(item.id, null)}
              >
                Clear
              </Button>
              {refused?.item === item.id ? (
                <span className="item-view__refused small" role="status" data-testid="item-rate-refused">
                  {refused.message}
                </span>
              ) : null}
            </div>
          ) : query ? (
            <p className="muted small">Pick a judgment list (Judgments, above the results) to rate this item here.</p>
          ) : null}
          {!query ? (
            <p className="muted small">An answer to no query (browse all) has no ratings: judgments are per query.</p>
          ) : ratings.status === 'sending' && !ratings.result ? (
            <p className="muted small">Reading the judgment lists…</p>
          ) : ratings.error ? (
            <p className="diag diag--error">{ratings.error.message}</p>
          ) : (ratings.result ?? []).length === 0 ? (
            <p className="muted small">No judgment list in the workspace yet. Create or import one on the Workspace screen.</p>
          ) : (
            <ul className="stack-list item-view__ratings" data-testid="item-ratings">
              {(ratings.result ?? []).map((r) => (
                <li key={r.file}>
                  <span className="item-view__list">{r.name}</span>
                  {r.rating === null ? (
                    <span className="rating rating--unrated">unrated</span>
                  ) : (
                    <RatingBadge rating={r.rating} max={r.scale.max} />
                  )}
                  <span className="muted small">
                    {r.rating === null
                      ? 'not rated in this list'
                      : [r.by ? `by ${r.by}` : 'by an unnamed rater', r.at ? formatAgo(r.at) : null].filter(Boolean).join(', ')}
                  </span>
                  {r.at ? <span className="visually-hidden">{formatWhen(r.at)}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-label="Attributes">
          <h3 className="item-view__h">Attributes the answer returned ({attributes.shown.length})</h3>
          {attributes.masked !== null ? (
            <p className="diag diag--info" data-testid="item-masked">
              The response mask <span className="mono">{view.mask}</span>{' '}
              {attributes.masked.length > 0
                ? `left out ${attributes.masked.length} of the catalog's attributes: ${attributes.masked.join(', ')}.`
                : catalog
                  ? "kept every attribute of the catalog's schema."
                  : 'was applied; the catalog schema is not known here, so what it left out cannot be named.'}
            </p>
          ) : null}
          {attributes.shown.length === 0 ? (
            <p className="muted small">The answer carries no product attributes for this item.</p>
          ) : (
            <table className="item-view__table item-view__attributes" data-testid="item-attributes">
              <tbody>
                {attributes.shown.map(([name, value]) => (
                  <tr key={name}>
                    <th scope="row" className="mono">
                      {name}
                    </th>
                    <td title={typeof value === 'string' ? value : undefined}>{formatValue(value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </Drawer>
  );
}
