/** The front door of explain: what other capabilities may use. */
export { BatchExplain } from './BatchExplain';
export { ExplainBanner, ExplainPanel } from './ExplainPanel';
