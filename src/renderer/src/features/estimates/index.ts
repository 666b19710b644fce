/** The front door of estimates: what other capabilities may use. */
export { OnTrafficPanel } from './OnTrafficPanel';
export { type OnTrafficSubject, subjectKey } from './estimates-slice';
