/** The front door of ipc: what other capabilities may use. */
export { buildApi, IPC_EVENT_PREFIX, IPC_INVOKE_PREFIX, type WorkbenchApi } from './api';
export {
  IMAGE_KEY_PARAM,
  IMAGE_KEY_STORAGE_KEY,
  LAUNCH_PARAM,
  LAUNCH_TTL_MS,
  SESSION_HEADER,
  SESSION_STORAGE_KEY,
  type SessionGrant,
} from './browser-session';
export { type TrendView } from './channels/runs';
export { type ImportView, type TrafficOverview, type TrafficProgressView } from './channels/traffic';
export { type ClickRatingsView } from './channels/click-models';
export { type TrafficEstimateView } from './channels/estimates';
export { type PathPurpose } from './channels/settings';
export {
  type ActiveCatalogView,
  type AppInfo,
  type BatchListItem,
  type BatchResultView,
  type BatchView,
  type CatalogAttributeView,
  type Channel,
  type ChannelInput,
  channelNames,
  type ChannelOutput,
  type ChannelParsedInput,
  type ConnectionStep,
  contract,
  type EventName,
  eventNames,
  type EventPayload,
  type ExplainProgressView,
  type ExplainView,
  type HistoryView,
  type IntentProposals,
  type ItemRating,
  type JudgmentsImported,
  type MatrixProgressView,
  type Notice,
  type ProfilesList,
  type ProfilesSummary,
  type QuerySetCreated,
  type RunOutput,
  type RunOutputOf,
  type SavedListing,
  type SavedRequestView,
  type SecretStoreInfo,
  type SuiteProgressView,
  type SuiteRunView,
  type TokenStatusView,
  type Transport,
} from './contract';
export { type ExchangeRecord } from './exchange';
export { type ErrorIssue, failure, type Result, type WorkbenchError, WorkbenchFailure } from './result';
export { type AbPlanView, type AbReadoutView } from './channels/abtest';
