/** The front door of url: what other capabilities may use. */
export { hostOf, profileForBaseUrl } from './match-profile';
