import { ArrowLeft, CheckCheck, Pin, RefreshCw, SkipForward, Undo2, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { JudgingQueue as Queue } from '@shared/judgments/pool';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { formatPrice } from '../../components/format';
import { Thumb } from '../../components/Thumb';
import { modKey } from '../../shell/keys';
import { useAppStore } from '../../store/store';
import { IntentLine, OpinionBar, RulesControl } from './QueueControls';
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
  onFocus,
  refFor,
}: {
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
      {item.second ? (
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
  const steps = useAppStore((s) => s.ratingSteps.length);
  const { closeQueue, rateInQueue, skipInQueue, undoRating, openQueue, openBatch, setArea, confirmSuggestions } = useAppStore.getState();
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

  const left = queue.queries.reduce((n, q) => n + q.items.length, 0);
  const suggested = items.filter((i) => i.suggestion).length;
  return (
    <div className="judging" onKeyDown={onKeyDown} aria-label={`Judging ${queue.experiment.name}`}>
      <header className="judging__head">
        <Button size="sm" variant="ghost" icon={<ArrowLeft size={13} aria-hidden="true" />} onClick={closeQueue}>
          Workspace
        </Button>
        <h2 className="judging__title">Judging {queue.experiment.name}</h2>
        <span className="small muted">
          into “{queue.experiment.judgments.name}” (0–{queue.scale.max}, relevant from {queue.scale.threshold}) · top {queue.k} of both
          sides, pooled
        </span>
        <div className="judging__tools">
          <RulesControl queue={queue} />
          <Button
            size="sm"
            variant="ghost"
            icon={<Undo2 size={13} aria-hidden="true" />}
            onClick={() => void undoRating()}
            disabled={steps === 0}
          >
            Undo
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<RefreshCw size={13} aria-hidden="true" />}
            onClick={() => void openQueue(queue.experiment.file)}
            title="Pool again from the newest run and the list as it is on disk"
          >
            Refresh
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setArea('compare');
              void openBatch(queue.experiment.batchId);
            }}
          >
            Open the run
          </Button>
        </div>
      </header>
      <OpinionBar key={queue.rater} queue={queue} />
      <div className="judging__progress">
        <ProgressBar label="Pooled items rated" value={queue.rated} max={queue.total} />
        <span className="small" data-testid="judging-progress">
          <strong>{queue.rated.toLocaleString('en-US')}</strong> of {queue.total.toLocaleString('en-US')} rated
          {left
            ? ` · ${left.toLocaleString('en-US')} left in ${queue.queries.length} ${queue.queries.length === 1 ? 'query' : 'queries'}`
            : ''}
        </span>
        {queue.experiment.answered < queue.experiment.queries ? (
          <span className="small muted">
            The run has answered {queue.experiment.answered} of {queue.experiment.queries} queries so far; Refresh pools the rest.
          </span>
        ) : null}
      </div>
      <QualityStrip queue={queue} />
      {!current ? (
        <div className="empty-state empty-state--inline">
          {queue.secondOpinion ? (
            <>
              <h2 className="empty-state__title">Nothing waits for a second opinion from {queue.rater || 'you'}</h2>
              <p className="muted">
                Every pooled item someone else rated has your rating too, or nobody else has rated yet. The judgment list’s Agreement view
                says how far the raters agree.
              </p>
            </>
          ) : (
            <>
              <h2 className="empty-state__title">Every pooled item is rated</h2>
              <p className="muted">
                {queue.total.toLocaleString('en-US')} items from both sides’ top {queue.k} have a rating. Open the run to see the quality
                figures with them, or run the experiment again after a change.
              </p>
            </>
          )}
        </div>
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
          <div className="judging__keys small muted">
            <span>
              <kbd>0</kbd>–<kbd>{queue.scale.max}</kbd> rate the focused card
            </span>
            {queue.rules ? (
              <span>
                <kbd>Enter</kbd> confirm the suggestion
              </span>
            ) : null}
            <span>
              <kbd>S</kbd> skip
            </span>
            <span>
              <kbd>←</kbd>
              <kbd>→</kbd> move
            </span>
            <span>
              <kbd>{modKey()}</kbd>+<kbd>Z</kbd> undo
            </span>
            {refused ? (
              <span className="judging__refused" role="status" data-testid="rating-refused">
                {refused}
              </span>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              icon={<SkipForward size={13} aria-hidden="true" />}
              onClick={() => items[at] && void skipInQueue(current.query, items[at]!.id)}
            >
              Skip
            </Button>
            {suggested ? (
              <Button
                size="sm"
                variant="ghost"
                icon={<CheckCheck size={13} aria-hidden="true" />}
                onClick={() => void confirmSuggestions(current.query)}
                title="Rates every card of this query that has a suggestion with it: for when you have read them all"
              >
                {suggested === 1 ? 'Confirm the suggestion for this query' : `Confirm all ${suggested} suggestions for this query`}
              </Button>
            ) : null}
            <span className="judging__rate" role="group" aria-label="Rate the focused card">
              {Array.from({ length: queue.scale.max + 1 }, (_, r) => (
                <Button key={r} size="sm" onClick={() => items[at] && void rateInQueue(current.query, items[at]!.id, r)}>
                  {r}
                </Button>
              ))}
            </span>
          </div>
          <ul className="judge-cards" aria-label="Items to rate">
            {items.map((item, i) => (
              <Card
                key={item.id}
                item={item}
                pins={pins}
                focused={i === at}
                max={queue.scale.max}
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
