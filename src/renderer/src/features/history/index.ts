/** The front door of history: what other capabilities may use. */
export { HistoryDrawer } from './HistoryDrawer';
export { openFromHistory } from './open-history';
