/** The front door of assertions: what other capabilities may use. */
export { ExpectationsPanel, ScreenExpectations } from './ExpectationsPanel';
export { answerChoices } from './expect-from-screen';
export { ItemExpect } from './ItemExpect';
export { SuitePanel } from './SuitePanel';
