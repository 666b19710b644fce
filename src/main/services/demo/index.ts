/** The front door of demo: what other capabilities may use. */
export { DemoFiles } from './demo-workspace';
