/** The front door of search: what other capabilities may use. */
export { HistoryService } from './history';
export { ImageProxy } from './image-proxy';
export { SearchClient } from './search-client';
export { SearchSession } from './search-session';
export { addressTargets, profileTargets, type Targets } from './targets';
