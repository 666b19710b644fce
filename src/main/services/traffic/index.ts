/** The front door of traffic: what other capabilities may use. */
export { importFile, type ImportProgress, MAX_TRAFFIC_BYTES } from './importer';
export {
  DEMO_TRAFFIC,
  PAGE_SIZE,
  type SimulateInput,
  type SimulateProgress,
  type SimulateSummary,
  simulateTraffic,
  trueGrade,
} from './simulate';
export { StoreError, TrafficStore } from './store';
export { DEMO_SIMULATION, TrafficService } from './service';
export {
  type NumberedConversion,
  type NumberedPages,
  type NumberedSearch,
  StoreQueries,
  type StoreWindow,
  type UserDayRow,
  type UserTotalsRow,
  type WindowCoverage,
} from './queries';
