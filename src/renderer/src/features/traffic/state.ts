/** The state door of traffic: what the store composes and other slices type against. */
export { createTrafficSlice, type TrafficSlice } from './traffic-slice';
