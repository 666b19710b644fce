import { Keyboard, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Dialog } from '../components/Dialog';
import { Keys } from './CommandPalette';
import { allCommands } from './commands';
import { isMac } from './keys';

/** Keys that belong to a kind of control rather than to a command. */
const IN_CONTROLS: { group: string; title: string; keys: string }[] = [
  { group: 'In the editors', title: 'Send the request', keys: 'Mod+Enter' },
  { group: 'In the editors', title: 'Suggest attributes, values, operators', keys: 'Ctrl+Space' },
  { group: 'In the editors', title: 'Format the filter or mask', keys: 'Shift+Alt+F' },
  { group: 'In the editors', title: 'Find', keys: 'Mod+F' },
  { group: 'Lists and panes', title: 'Move through navigation, results, facets', keys: '↑/↓' },
  { group: 'Lists and panes', title: 'Resize a focused pane separator', keys: '←/→' },
  { group: 'Lists and panes', title: 'Fold or unfold a pane (separator focused)', keys: 'Enter' },
  { group: 'Lists and panes', title: 'Close a dialog or drawer', keys: 'Esc' },
];

/** Ctrl/Cmd+/: every shortcut in one sheet, from the same commands the palette runs. */
export function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => previous?.focus?.();
  }, []);
  const rows = [
    ...allCommands()
      .filter((c) => c.keys)
      .map((c) => ({ group: c.group, title: c.title, keys: c.keys as string })),
    ...IN_CONTROLS,
  ];
  const groups = [...new Set(rows.map((r) => r.group))];
  return (
    <Dialog onClose={onClose} labelledBy="shortcuts-title" className="dialog shortcuts-sheet">
      <div className="shortcuts-sheet__head">
        <h2 id="shortcuts-title">
          <Keyboard size={16} aria-hidden="true" /> Keyboard shortcuts
        </h2>
        <button ref={close} type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <X size={14} aria-hidden="true" />
        </button>
      </div>
      <div className="shortcuts-sheet__groups">
        {groups.map((group) => (
          <section key={group} className="shortcuts-sheet__group">
            <h3>{group}</h3>
            <dl>
              {rows
                .filter((r) => r.group === group)
                .map((r) => (
                  <div key={`${r.title}-${r.keys}`} className="shortcuts-sheet__row">
                    <dt>{r.title}</dt>
                    <dd>
                      <Keys keys={r.keys} />
                    </dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
      </div>
      <p className="muted small">Every command, with or without keys, is in the command palette ({isMac() ? '⌘' : 'Ctrl'}+K).</p>
    </Dialog>
  );
}
