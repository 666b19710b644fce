/** The front door of demo: what other capabilities may use. */
export { DemoFiles } from './demo-workspace';
export { DEMO_QUERIES, type DemoQuery, type Intent, relevance } from '../../emulator/catalog/demo-queries';
export { DEMO_AB_TEST, DEMO_AB_TEST_FILE } from './demo-suite';
