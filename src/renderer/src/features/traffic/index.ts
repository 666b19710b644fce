/** The front door of traffic: what other capabilities may use. */
export { TrafficPanel } from './TrafficPanel';
