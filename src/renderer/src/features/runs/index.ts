/** The front door of runs: what other capabilities may use. */
export { RunsPanel } from './RunsPanel';
