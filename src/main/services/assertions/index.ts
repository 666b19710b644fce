/** The front door of assertions: what other capabilities may use. */
export { type SuiteProgress } from './runner';
export { AssertionsService } from './service';
