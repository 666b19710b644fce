/** The front door of traffic: what other capabilities may use. */
export { type FileImport, importFile, type ImportProgress, MAX_TRAFFIC_BYTES } from './importer';
export { PAGE_SIZE, type SimulateInput, type SimulateProgress, type SimulateSummary, simulateTraffic } from './simulate';
export { StoreError, TrafficStore } from './store';
