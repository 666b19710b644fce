/** The front door of url-tools: what other capabilities may use. */
export { PasteDialog } from './PasteDialog';
export { type ImportOutcome, importText, openImported, pageUrl, readPaste } from './use-import';
