import { Command as CommandIcon, Keyboard } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog } from '../components/Dialog';
import { useAppStore } from '../store/store';
import { allCommands, keyLabel, rankCommands, type Command } from './commands';
import { isMac } from './keys';
import './palette.css';

/** With nothing typed, each group of these shows this many; typing searches them all. */
const RECENT_GROUPS: Record<string, number> = { 'Recent requests': 6, 'Saved requests': 6 };

export function Keys({ keys }: { keys: string }) {
  return (
    <span className="keys">
      {keyLabel(keys, isMac()).map((k, i) => (
        <kbd key={i}>{k}</kbd>
      ))}
    </span>
  );
}

/** What the palette lists for a text: ranked matches, or (empty text) every command grouped, recent lists shortened. */
export function paletteRows(commands: readonly Command[], text: string): Command[] {
  if (text.trim() !== '') return rankCommands(commands, text).slice(0, 60);
  const shown = new Map<string, number>();
  // The current screen's actions first, then what was sent and saved, then the screens and the app.
  const order = (c: Command) => (c.group === 'Go to' || c.group === 'App' ? 2 : c.group in RECENT_GROUPS ? 1 : 0);
  const sorted = commands.map((c, i) => ({ c, i })).sort((a, b) => order(a.c) - order(b.c) || a.i - b.i);
  return sorted
    .map(({ c }) => c)
    .filter((c) => {
      const cap = RECENT_GROUPS[c.group];
      if (cap === undefined) return true;
      const n = shown.get(c.group) ?? 0;
      shown.set(c.group, n + 1);
      return n < cap;
    });
}

/**
 * Ctrl/Cmd+K: every screen, every action of the current screen, recent
 * requests and saved requests, by name, with their shortcuts — run with Enter.
 */
export function CommandPalette({ onClose, onShortcuts }: { onClose: () => void; onShortcuts: () => void }) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  // Read when opened (and again as lists load): commands describe the app as it is now.
  const [commands, setCommands] = useState<Command[]>(() => allCommands());
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    input.current?.focus();
    return () => previous?.focus?.();
  }, []);
  // Recent and saved lists are read again on opening; what is listed follows the store as they arrive.
  useEffect(() => {
    const unsubscribe = useAppStore.subscribe(() => setCommands(allCommands()));
    const state = useAppStore.getState();
    void state.loadHistory();
    void state.loadSaved();
    return unsubscribe;
  }, []);

  const rows = useMemo(() => paletteRows(commands, text), [commands, text]);
  const current = Math.min(active, Math.max(rows.length - 1, 0));

  useEffect(() => {
    list.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const run = (command: Command | undefined) => {
    if (!command || command.disabledReason) return;
    onClose();
    command.run();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + rows.length) % Math.max(rows.length, 1));
    } else if (e.key === 'PageDown' || e.key === 'PageUp') {
      e.preventDefault();
      setActive(Math.min(Math.max(current + (e.key === 'PageDown' ? 8 : -8), 0), rows.length - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      run(rows[current]);
    }
  };

  return (
    <Dialog onClose={onClose} label="Command palette" className="palette" backdropClassName="palette-backdrop">
      <div className="palette__input-row">
        <CommandIcon size={15} aria-hidden="true" />
        <input
          ref={input}
          className="palette__input"
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-list"
          aria-autocomplete="list"
          aria-activedescendant={rows.length ? `palette-option-${current}` : undefined}
          aria-label="Command"
          placeholder="Type a command, a screen, a recent query or a saved request"
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul className="palette__list" role="listbox" id="palette-list" ref={list} aria-label="Commands">
        {rows.length === 0 ? (
          <li className="palette__empty muted" role="presentation">
            Nothing matches “{text}”. Try a screen (“compare”), an action (“send”, “copy”) or a query you sent.
          </li>
        ) : null}
        {rows.flatMap((command, index) => {
          const items = [];
          if (index === 0 || rows[index - 1]?.group !== command.group) {
            items.push(
              <li key={`g-${command.group}`} className="palette__group" role="presentation">
                {command.group}
              </li>,
            );
          }
          items.push(
            <li
              key={command.id}
              id={`palette-option-${index}`}
              data-index={index}
              role="option"
              aria-selected={index === current}
              aria-disabled={command.disabledReason ? true : undefined}
              className={`palette__option${index === current ? ' is-active' : ''}`}
              title={command.disabledReason}
              onMouseMove={() => index !== current && setActive(index)}
              onClick={() => run(command)}
            >
              <span className="palette__title">{command.title}</span>
              {command.detail ? <span className="palette__detail">{command.detail}</span> : null}
              {command.disabledReason ? <span className="palette__detail">{command.disabledReason}</span> : null}
              {command.keys ? <Keys keys={command.keys} /> : null}
            </li>,
          );
          return items;
        })}
      </ul>
      <div className="palette__footer small muted">
        <span>
          <Keys keys="↑" /> <Keys keys="↓" /> move · <Keys keys="Enter" /> run · <Keys keys="Esc" /> close
        </span>
        <button
          type="button"
          className="btn btn--ghost btn--xs"
          onClick={() => {
            onClose();
            onShortcuts();
          }}
        >
          <Keyboard size={12} aria-hidden="true" /> All shortcuts <Keys keys="Mod+/" />
        </button>
      </div>
    </Dialog>
  );
}
