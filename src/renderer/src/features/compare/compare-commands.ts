import type { Command } from '../../shell/commands';
import { useAppStore } from '../../store/store';
import type { CompareState } from './compare-state';

/**
 * Compare's views a user asks for by name, each opened from any screen; listed under Compare in the palette, their
 * titles do not start with "Compare", so "comp" still finds Go to Compare first (which keeps the view as left).
 */
const VIEWS: readonly {
  id: string;
  title: string;
  keywords: string;
  patch: Partial<Pick<CompareState, 'mode' | 'kind' | 'panel'>>;
  /** An open batch is closed first, so Batch shows the form and the past batches. */
  closeBatch?: boolean;
}[] = [
  {
    id: 'compare:single',
    title: 'Side by side: two configurations on one query',
    keywords: 'diff two configurations sides results',
    patch: { mode: 'single', panel: 'results' },
  },
  {
    id: 'compare:explain',
    title: 'Explain which difference moved what',
    keywords: 'explain attribution shapley why difference',
    patch: { mode: 'single', kind: 'search', panel: 'explain' },
  },
  {
    id: 'compare:batch',
    title: 'Batch: a query set on both sides',
    keywords: 'batch query set many queries metrics significance',
    patch: { mode: 'batch' },
    closeBatch: true,
  },
  {
    id: 'compare:matrix',
    title: 'Context matrix',
    keywords: 'matrix context variables segment grid axes',
    patch: { mode: 'matrix' },
  },
];

/** The palette's commands for Compare's views; they exist on every screen. */
export function compareCommands(): Command[] {
  return VIEWS.map((view) => ({
    id: view.id,
    title: view.title,
    group: 'Compare',
    keywords: view.keywords,
    run: () => {
      const state = useAppStore.getState();
      state.setArea('compare');
      if (view.closeBatch && state.compare.batch) state.closeBatch();
      state.patchCompare(view.patch);
    },
  }));
}
