import { useRef, type KeyboardEvent } from 'react';
import { useAppStore } from '../store/store';
import { AREAS } from './areas';
import { modKey } from './keys';

/** Vertical navigation; arrow keys move between areas, Ctrl/Cmd+1…9 jump from anywhere. */
export function NavRail() {
  const area = useAppStore((s) => s.area);
  const setArea = useAppStore((s) => s.setArea);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const current = refs.current.findIndex((el) => el === document.activeElement);
    if (current < 0) return;
    let next = current;
    if (e.key === 'ArrowDown') next = (current + 1) % AREAS.length;
    else if (e.key === 'ArrowUp') next = (current - 1 + AREAS.length) % AREAS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = AREAS.length - 1;
    else return;
    e.preventDefault();
    refs.current[next]?.focus();
  };

  return (
    <nav className="nav-rail" aria-label="Workbench areas" onKeyDown={onKeyDown}>
      <div className="nav-rail__brand" aria-hidden="true">
        <span className="nav-rail__logo">SW</span>
      </div>
      <ul className="nav-rail__list">
        {AREAS.map((a, i) => {
          const Icon = a.icon;
          const active = a.id === area;
          return (
            <li key={a.id}>
              <button
                ref={(el) => {
                  refs.current[i] = el;
                }}
                type="button"
                className={`nav-rail__item${active ? ' is-active' : ''}`}
                aria-current={active ? 'page' : undefined}
                title={`${a.label} (${modKey()}+${i + 1})`}
                onClick={() => setArea(a.id)}
                data-area={a.id}
              >
                <Icon size={20} strokeWidth={1.75} aria-hidden="true" />
                <span className="nav-rail__label">{a.label}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
