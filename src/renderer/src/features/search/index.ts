/** The front door of search: what other capabilities may use. */
export { requestAs } from './request-text';
export { type SearchTab, shareableRequest } from './tab-model';
