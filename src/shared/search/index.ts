/** The front door of search: the operations that send a request and keep its history and saved copies. */
export {
  type HistoryView,
  type RunOutput,
  type RunOutputOf,
  type SavedListing,
  type SavedRequestView,
  searchEvents,
  searchOperations,
} from './operations';
export { itemsByIdRequest, LOOKUP_BATCH, LOOKUP_MASK, lookupAnswer, lookupBatches } from './lookup';
