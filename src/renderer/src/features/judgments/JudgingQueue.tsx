import { ArrowLeft, Pin, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { JudgingQueue as Queue } from '@shared/judgments';
import { Button } from '../../components/Button';
import { formatPrice } from '../../components/format';
import { Thumb } from '../../components/Thumb';
import { useAppStore } from '../../store/store';
import { IntentLine, OpinionBar } from './QueueControls';
import { QueueDone, QueueHead, QueueKeys, QueueProgress } from './QueueParts';
import { aboveScale } from './RatingBadge';
import { QualityStrip } from './QualityStrip';
import './judging.css';

type QueueItem = Queue['queries'][number]['items'][number];

/** Attributes every card shows; the rest can be pinned. */
const FIXED = new Set(['title', 'price', 'brand', 'category', 'imageUrl', 'url', 'description', 'categoryPath', 'kind']);

const show = (v: unknown): string =>
  v === undefined || v === null ? '—' : Array.isArray(v) ? v.join(', ') : typeof v === 'number' ? v.toLocaleString('en-US') : String(v);

function Card({
  item,
  pins,
  focused,
  max,
  judge,
  onFocus,
  refFor,
}: {
  /** The queue puts the items a language model judge and people rated differently first: the badge names the judge. */
  judge?: boolean;
  item: QueueItem;
  pins: string[];
  focused: boolean;
  max: number;
  onFocus: () => void;
  refFor: (el: HTMLLIElement | null) => void;
}) {
  const p = item.item?.product ?? {};
  return (
    <li
      ref={refFor}
      className={`judge-card${focused ? ' is-focused' : ''}${item.skipped ? ' is-skipped' : ''}`}
      tabIndex={focused ? 0 : -1}
      onFocus={onFocus}
      onClick={onFocus}
      data-testid="judge-card"
      data-id={item.id}
      aria-label={`${p.title === undefined ? item.id : String(p.title)}: ${item.suggestion ? `suggested ${item.suggestion.rating}, Enter confirms; ` : ''}press 0 to ${max} to rate`}
    >
      {item.item ? <Thumb item={item.item} size={112} /> : <span className="thumb thumb--empty" style={{ width: 112, height: 112 }} />}
      <span className="judge-card__title" title={p.title === undefined ? item.id : String(p.title)}>
        {p.title === undefined ? <em className="muted">{item.id}</em> : String(p.title)}
      </span>
      <span className="judge-card__meta">
        {formatPrice(p.price) !== null ? <strong>{formatPrice(p.price)}</strong> : null}
        {p.brand ? <span>{String(p.brand)}</span> : null}
      </span>
      {p.category ? <span className="judge-card__category small muted">{String(p.category)}</span> : null}
      {pins.length ? (
        <dl className="judge-card__pins">
          {pins.map((a) => (
            <div key={a}>
              <dt>{a}</dt>
              <dd>{show(p[a])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {item.apart ? (
        <span
          className="badge badge--warning"
          data-testid="judge-apart"
          title={
            judge
              ? "People's rating and the judge's (the list's llm: rating) differ by this much; neither is shown until you rate"
              : "People's rating and shoppers' (the list's clicks' rating) differ by this much; neither is shown until you rate"
          }
        >
          {judge ? 'the judge disagrees' : 'shoppers disagree'} by {item.apart}
        </span>
      ) : item.second ? (
        <span className="badge badge--muted" title="Someone else rated this item; your rating goes beside theirs">
          second opinion
        </span>
      ) : null}
      {item.suggestion ? (
        <span className="judge-card__suggestion small" data-testid="judge-suggestion">
          suggested <strong>{item.suggestion.rating}</strong> — rule <em>{item.suggestion.rule}</em>
        </span>
      ) : null}
      <span className="judge-card__id mono small muted">{item.id}</span>
      {item.skipped ? <span className="badge badge--muted">skipped</span> : null}
      {!item.item ? <span className="small muted">The stored answer has no details for this item.</span> : null}
    </li>
  );
}

/** The information need of the query: read before rating, editable (saved in the query set). */
function NoteField({ query, note }: { query: string; note: string | undefined }) {
  const setNote = useAppStore((s) => s.setQueryNote);
  // The parent keys this field by query and note, so a new query (or a note saved elsewhere) starts it afresh.
  const [text, setText] = useState(note ?? '');
  const save = () => {
    if (text.trim() !== (note ?? '')) void setNote(query, text);
  };
  return (
    <label className="judging-note">
      <span className="small muted">Information need</span>
      <textarea
        className="input small"
        rows={2}
        value={text}
        placeholder="What the shopper wants, for whoever rates: e.g. a waterproof jacket for women; another colour is only partly right."
        onChange={(e) => setText(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            save();
            (e.target as HTMLTextAreaElement).blur();
          }
        }}
        aria-label="Information need"
      />
    </label>
  );
}

function Pins({ queue, pins }: { queue: Queue; pins: string[] }) {
  const save = useAppStore((s) => s.saveSetting);
  const attributes = useMemo(() => {
    const names = new Set<string>();
    for (const q of queue.queries.slice(0, 5))
      for (const i of q.items)
        for (const [k, v] of Object.entries(i.item?.product ?? {})) if (!FIXED.has(k) && typeof v !== 'object') names.add(k);
    return [...names].filter((n) => !pins.includes(n)).sort();
  }, [queue, pins]);
  const set = (next: string[]) => void save('judgingPins', { judgingPins: next }, 'Saved.');
  return (
    <div className="judging-pins" role="group" aria-label="Pinned attributes">
      <Pin size={13} aria-hidden="true" />
      <span className="small muted">On every card:</span>
      {pins.map((a) => (
        <span key={a} className="chip is-selected">
          {a}
          <button type="button" className="chip__remove" aria-label={`Unpin ${a}`} onClick={() => set(pins.filter((p) => p !== a))}>
            <X size={11} aria-hidden="true" />
          </button>
        </span>
      ))}
      {attributes.length && pins.length < 12 ? (
        <select
          className="input input--sm"
          aria-label="Pin an attribute"
          value=""
          onChange={(e) => e.target.value && set([...pins, e.target.value])}
        >
          <option value="">Pin…</option>
          {attributes.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

/**
 * The pooled judging queue of an experiment: one query at a time with its
 * information need and the cards of both sides' top k still unrated, in an
 * order that does not say which side ranked them. Digits rate the focused
 * card, S skips it, arrows move, Ctrl/Cmd+Z takes the last rating back.
 */
export function JudgingQueue() {
  const call = useAppStore((s) => s.queue);
  const pins = useAppStore((s) => s.settings?.judgingPins ?? []);
  const { closeQueue, rateInQueue, skipInQueue, undoRating } = useAppStore.getState();
  // Which card has the focus, for the query it was set on: a new query starts at its first card.
  const [focusOn, setFocusOn] = useState<{ query: string; index: number }>({ query: '', index: 0 });
  // A digit above the scale is said beside the keys, until the next rating.
  const [refused, setRefused] = useState<string | null>(null);
  const cards = useRef<(HTMLLIElement | null)[]>([]);
  const queue = call.result;
  const current = queue?.queries[0];
  const items = current?.items ?? [];
  const focus = focusOn.query === current?.query ? focusOn.index : 0;
  const setFocus = (index: number) => setFocusOn({ query: current?.query ?? '', index });
  const at = Math.min(focus, Math.max(0, items.length - 1));

  // The focused card takes the keyboard focus whenever it changes (after a rating, a skip, a new query).
  useEffect(() => {
    cards.current[at]?.focus();
  }, [at, current?.query, items.length]);

  if (!queue) {
    if (call.error)
      return (
        <div className="judging">
          <Button size="sm" variant="ghost" icon={<ArrowLeft size={13} aria-hidden="true" />} onClick={closeQueue}>
            Workspace
          </Button>
          <p className="diag diag--error" role="alert">
            {call.error.message}
          </p>
        </div>
      );
    return <div className="screen-loading" role="status" aria-busy="true" aria-label="Pooling the answers" />;
  }

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if ((e.target as HTMLElement).closest('input, textarea, select')) return;
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      void undoRating();
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey || !current) return;
    const item = items[at];
    if (!item) return;
    if (/^[0-9]$/.test(e.key)) {
      e.preventDefault();
      const digit = Number(e.key);
      if (digit > queue.scale.max) return setRefused(aboveScale(digit, queue.scale.max, queue.experiment.judgments.name));
      setRefused(null);
      void rateInQueue(current.query, item.id, digit);
    } else if (e.key === 'Enter' && item.suggestion) {
      // Enter confirms the rules' suggestion; a digit overrides it.
      e.preventDefault();
      void rateInQueue(current.query, item.id, item.suggestion.rating);
    } else if (e.key === 's' || e.key === 'S') {
      e.preventDefault();
      void skipInQueue(current.query, item.id);
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowDown') {
      e.preventDefault();
      setFocus(Math.min(items.length - 1, at + 1));
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
      e.preventDefault();
      setFocus(Math.max(0, at - 1));
    }
  };

  const suggested = items.filter((i) => i.suggestion).length;
  return (
    <div className="judging" onKeyDown={onKeyDown} aria-label={`Judging ${queue.experiment.name}`}>
      <QueueHead queue={queue} />
      <OpinionBar key={queue.rater} queue={queue} />
      <QueueProgress queue={queue} />
      <QualityStrip queue={queue} />
      {!current ? (
        <QueueDone queue={queue} />
      ) : (
        <section className="judging__query" aria-label={`Query ${current.query}`}>
          <div className="judging__query-head">
            <span className="small muted">Query</span>
            <h3 className="judging__query-text" data-testid="judging-query">
              {current.query}
            </h3>
            <span className="small muted">
              {current.items.length} to rate · {current.rated} of {current.pooled} pooled rated
            </span>
          </div>
          <NoteField key={`${current.query}\u0000${current.note ?? ''}`} query={current.query} note={current.note} />
          {queue.rules ? (
            <IntentLine key={current.query} query={current.query} intent={current.intent} proposed={!!current.intentProposed} />
          ) : null}
          <QueueKeys queue={queue} query={current.query} item={items[at]} suggested={suggested} refused={refused} />
          <ul className="judge-cards" aria-label="Items to rate">
            {items.map((item, i) => (
              <Card
                key={item.id}
                item={item}
                pins={pins}
                focused={i === at}
                max={queue.scale.max}
                judge={queue.judgeDisagrees === true}
                onFocus={() => setFocus(i)}
                refFor={(el) => (cards.current[i] = el)}
              />
            ))}
          </ul>
          <Pins queue={queue} pins={pins} />
        </section>
      )}
    </div>
  );
}
