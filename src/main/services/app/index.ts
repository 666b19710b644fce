/** The front door of app: what other capabilities may use. */
export { AppService, type Dialogs } from './app-service';
export { defaultDataDir, developmentOverrides } from './paths';
