/** The front door of demo: what other capabilities may use. */
export { DemoFiles } from './demo-workspace';
export { DEMO_QUERIES, type DemoQuery, type Intent, relevance } from './demo-queries';
