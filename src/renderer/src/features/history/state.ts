/** The state door of history: what the store composes and other slices type against. */
export { createHistorySlice, historyExchange, type HistorySlice } from './history-slice';
