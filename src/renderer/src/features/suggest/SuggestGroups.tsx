import { Inbox } from 'lucide-react';
import { memo } from 'react';
import { groupNote, type Group, type Item, type SuggestRequest } from '@shared/request';
import { formatPrice } from '../../components/format';
import { Thumb } from '../../components/Thumb';

const GroupItem = memo(function GroupItem({ item, rank }: { item: Item; rank: number }) {
  const p = item.product ?? {};
  const title = p.title === undefined ? item.id : String(p.title);
  const price = formatPrice(p.price);
  return (
    <li className="group-item" data-testid="group-item">
      <span className="group-item__rank">{rank}</span>
      <Thumb item={item} size={44} />
      <div className="group-item__body">
        <span className="group-item__title" title={title}>
          {title}
        </span>
        <span className="group-item__meta">
          {price !== null ? <strong>{price}</strong> : null}
          <span className="mono">score {typeof item.score === 'number' ? item.score.toFixed(2) : '—'}</span>
        </span>
        <span className="group-item__tags">
          {item.kind ? <span className="badge badge--muted">{item.kind}</span> : null}
          {item.context ? (
            <span className="mono small muted" title="context">
              {item.context}
            </span>
          ) : null}
        </span>
      </div>
    </li>
  );
});

/** A product suggest answer: one column per group, in the order of the values asked for; empty groups kept. */
export function SuggestGroups({ groups, sent }: { groups: Group[]; sent: SuggestRequest }) {
  return (
    <div className="suggest-groups" data-testid="suggest-groups" tabIndex={0} role="region" aria-label="Groups">
      {groups.map((g, index) => {
        const note = groupNote(g, sent.options.groupBy);
        return (
          <section
            key={`${g.value}-${index}`}
            className={`group-column${g.count === 0 ? ' is-empty' : ''}`}
            aria-label={`Group ${g.value}`}
            data-testid="suggest-group"
          >
            <header className="group-column__head">
              <span className="group-column__value" title={g.value}>
                {g.value}
              </span>
              <span className="group-column__count" title="Items in the group (count) and shown">
                {g.items.length} of {g.count.toLocaleString('en-US')}
              </span>
            </header>
            {note ? <p className="group-column__note">{note}</p> : null}
            {g.items.length === 0 ? (
              <div className="group-column__empty">
                <Inbox size={18} aria-hidden="true" />
                <span>Empty group</span>
              </div>
            ) : (
              <ol className="group-column__items">
                {g.items.map((item, i) => (
                  <GroupItem key={`${item.id}-${i}`} item={item} rank={i + 1} />
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}
