/**
 * The front door of ipc: the transport between the window and main — the contract made from every capability's
 * operations, the typed API built from it, the browser-mode session, and the results that cross. The views an
 * operation answers are its capability's (`src/shared/<cap>`), imported from there.
 */
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
export {
  type Channel,
  type ChannelInput,
  channelNames,
  type ChannelOutput,
  type ChannelParsedInput,
  contract,
  type EventName,
  eventNames,
  type EventPayload,
} from './contract';
export { type ErrorIssue, failure, type Result, type WorkbenchError, WorkbenchFailure } from './result';
