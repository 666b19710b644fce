/** The front door of explain: what other capabilities may use. */
export { type ExplainProgress } from './runner';
export { ExplainService } from './service';
