/** The front door of A/B tests: the panel a workspace test opens in, and its card's tools. */
export { AbTestPanel } from './AbTestPanel';
export { AbTestActions, NewAbTestButton } from './AbTestsCard';
