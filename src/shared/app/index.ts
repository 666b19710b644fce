/** The front door of the app: what the app reports of itself (version, transport, Local demo, notices) and its operations. */
export { appEvents, type AppInfo, appOperations, type LocalDemoInfo, type Notice, type Transport } from './operations';
