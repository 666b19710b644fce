/** The front door of A/B tests in the main process: tests as workspace files, read from the traffic store and planned. */
export { type ReadInput, readTestOnStore } from './readout';
export { AbTestService, type PlanInput } from './service';
