/** The front door of runs: what other capabilities may use. */
export { RunsService } from './service';
