/** The front door of click models in the app: what other capabilities may use. */
export { ClickRatingsPanel } from './ClickRatingsPanel';
