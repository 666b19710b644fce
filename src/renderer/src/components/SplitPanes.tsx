import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { Command } from '../shell/commands';
import { useAppStore } from '../store/store';
import {
  clampWidth,
  COLLAPSED_WIDTH,
  keyboardWidth,
  widthOf,
  withCollapsed,
  withWidth,
  type PaneLayout,
  type PaneSize,
} from './pane-layout';
import './split-panes.css';

export interface PaneSpec {
  id: string;
  /** Names the pane for the separator, the fold button and the folded strip. */
  label: string;
  /** Resizable panes have a size; the one pane without takes the rest. */
  size?: PaneSize;
  /** Can be folded to a thin strip (and back) with its button or the screen's shortcut. */
  collapsible?: boolean;
  node: ReactNode;
}

const EMPTY: PaneLayout = { widths: {}, collapsed: [] };

/** The layout a screen has saved, for screens that act on it (a shortcut folds a pane). */
export function usePaneLayout(screen: string): PaneLayout {
  return useAppStore((s) => s.settings?.paneLayouts[screen]) ?? EMPTY;
}

/** Folds or unfolds one pane of a screen and remembers it. */
export function togglePane(screen: string, pane: string): void {
  const state = useAppStore.getState();
  const layout = state.settings?.paneLayouts[screen] ?? EMPTY;
  void state.setPaneLayout(screen, withCollapsed(layout, pane, !layout.collapsed.includes(pane)));
}

/** A palette command (with bound keys) that folds or unfolds one pane of a screen. */
export function foldCommand(screen: string, pane: string, label: string, group: string, keys: string): Command {
  return {
    id: `${screen}:fold-${pane}`,
    title: `Show or hide the ${label}`,
    group,
    keys,
    bound: true,
    keywords: 'pane panel sidebar fold collapse',
    run: () => togglePane(screen, pane),
  };
}

/**
 * Columns the user sizes by dragging (or with the arrow keys on a focused
 * separator, as the WAI-ARIA window splitter has it), folds away, and finds as
 * they left them: each screen's layout is kept in the settings. Double-click a
 * separator for the pane's initial width.
 */
export function SplitPanes({ screen, panes, className }: { screen: string; panes: PaneSpec[]; className?: string }) {
  const saved = usePaneLayout(screen);
  const setPaneLayout = useAppStore((s) => s.setPaneLayout);
  const containerRef = useRef<HTMLDivElement>(null);
  // While dragging: the pane's live width, saved once on release.
  const [dragging, setDragging] = useState<{ id: string; width: number } | null>(null);
  const flexIndex = panes.findIndex((p) => !p.size);

  const shownWidth = (pane: PaneSpec): number | null => {
    if (!pane.size) return null;
    if (saved.collapsed.includes(pane.id)) return COLLAPSED_WIDTH;
    return dragging?.id === pane.id ? dragging.width : widthOf(saved, pane.id, pane.size);
  };
  const othersWidth = (id: string) =>
    panes.reduce((sum, p) => (p.id === id ? sum : sum + (shownWidth(p) ?? 0)), 0) + (panes.length - 1) * 6;
  const clampFor = (pane: PaneSpec & { size: PaneSize }, wanted: number) =>
    clampWidth(pane.size, wanted, containerRef.current?.clientWidth ?? 0, othersWidth(pane.id));
  const save = (layout: PaneLayout) => void setPaneLayout(screen, layout);

  const separator = (pane: PaneSpec & { size: PaneSize }, index: number) => {
    const growsToRight = index < flexIndex;
    const collapsed = saved.collapsed.includes(pane.id);
    const width = shownWidth(pane) ?? pane.size.initial;
    const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
      if (collapsed || e.button !== 0) return;
      e.preventDefault();
      const startX = e.clientX;
      const startWidth = width;
      const target = e.currentTarget;
      target.setPointerCapture(e.pointerId);
      let last = startWidth;
      const move = (ev: globalThis.PointerEvent) => {
        last = clampFor(pane, startWidth + (growsToRight ? ev.clientX - startX : startX - ev.clientX));
        setDragging({ id: pane.id, width: last });
      };
      const up = () => {
        target.removeEventListener('pointermove', move);
        target.removeEventListener('pointerup', up);
        target.removeEventListener('pointercancel', up);
        setDragging(null);
        if (last !== startWidth) save(withWidth(saved, pane.id, last));
      };
      target.addEventListener('pointermove', move);
      target.addEventListener('pointerup', up);
      target.addEventListener('pointercancel', up);
    };
    const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.key === 'Enter' && pane.collapsible) {
        e.preventDefault();
        save(withCollapsed(saved, pane.id, !collapsed));
        return;
      }
      if (collapsed) return;
      const next = keyboardWidth(e.key, width, pane.size, growsToRight);
      if (next === null) return;
      e.preventDefault();
      save(withWidth(saved, pane.id, clampFor(pane, next)));
    };
    const Fold = growsToRight ? ChevronLeft : ChevronRight;
    return (
      <div key={`${pane.id}-separator`} className="split__gutter">
        <div
          className={`split__separator${dragging?.id === pane.id ? ' is-dragging' : ''}`}
          role="separator"
          aria-orientation="vertical"
          aria-label={`Resize ${pane.label}`}
          aria-controls={`${screen}-${pane.id}`}
          aria-valuenow={collapsed ? 0 : width}
          aria-valuemin={pane.size.min}
          aria-valuemax={pane.size.max}
          tabIndex={0}
          title={`Drag to resize the ${pane.label.toLowerCase()}; double-click for its initial width${pane.collapsible ? '; Enter folds it' : ''}`}
          onPointerDown={onPointerDown}
          onKeyDown={onKeyDown}
          onDoubleClick={() => !collapsed && save(withWidth(saved, pane.id, clampFor(pane, pane.size.initial)))}
          data-testid={`${screen}-${pane.id}-separator`}
        />
        {pane.collapsible && !collapsed ? (
          <button
            type="button"
            className="split__fold"
            aria-expanded="true"
            aria-controls={`${screen}-${pane.id}`}
            aria-label={`Hide the ${pane.label.toLowerCase()}`}
            title={`Hide the ${pane.label.toLowerCase()}`}
            onClick={() => save(withCollapsed(saved, pane.id, true))}
          >
            <Fold size={12} aria-hidden="true" />
          </button>
        ) : null}
      </div>
    );
  };

  const children: ReactNode[] = [];
  panes.forEach((pane, index) => {
    const width = shownWidth(pane);
    const collapsed = !!pane.size && saved.collapsed.includes(pane.id);
    const body = (
      <div
        key={pane.id}
        id={`${screen}-${pane.id}`}
        className={`split__pane${width === null ? ' split__pane--flex' : ''}${collapsed ? ' is-collapsed' : ''}`}
        style={width === null ? undefined : { flexBasis: width }}
        data-testid={`${screen}-${pane.id}-pane`}
      >
        {collapsed ? (
          <button
            type="button"
            className="split__strip"
            onClick={() => save(withCollapsed(saved, pane.id, false))}
            aria-label={`Show the ${pane.label.toLowerCase()}`}
            aria-expanded="false"
            title={`Show the ${pane.label.toLowerCase()}`}
          >
            {index < flexIndex ? <ChevronRight size={13} aria-hidden="true" /> : <ChevronLeft size={13} aria-hidden="true" />}
            <span className="split__strip-label">{pane.label}</span>
          </button>
        ) : (
          pane.node
        )}
      </div>
    );
    const sized = pane.size ? (pane as PaneSpec & { size: PaneSize }) : null;
    if (sized && index > flexIndex) children.push(separator(sized, index));
    children.push(body);
    if (sized && index < flexIndex) children.push(separator(sized, index));
  });

  return (
    <div className={`split${dragging ? ' is-resizing' : ''}${className ? ` ${className}` : ''}`} ref={containerRef}>
      {children}
    </div>
  );
}

const BUILDER_SIZE: PaneSize = { initial: 420, min: 300, max: 1000 };

/** A request builder beside its answer: the layout of the Suggest and Autocomplete screens. */
export function BuilderAndAnswer({ screen, builder, answer }: { screen: string; builder: ReactNode; answer: ReactNode }) {
  return (
    <SplitPanes
      screen={screen}
      panes={[
        { id: 'builder', label: 'Request builder', size: BUILDER_SIZE, collapsible: true, node: builder },
        { id: 'results', label: 'Answer', node: answer },
      ]}
    />
  );
}
