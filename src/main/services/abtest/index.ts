/** The front door of A/B tests in the main process: a test read from the traffic store. */
export { type ReadInput, readTestOnStore, type StoreReadout } from './readout';
