/**
 * The front door of operations: how a capability declares what it can be asked — an operation's name (`domain:verb`,
 * the channel the window calls), its input schema with defaults and a line per field, its result type and its doc —
 * and the fields many operations name. Each capability declares its own in `src/shared/<cap>/operations.ts`; the IPC
 * contract, the router's table and the command line are made from those declarations.
 */
export { type CliForm, cliForm, event, type EventSpec, type FlagSpec, noInput, operation, type OperationSpec } from './define';
export { defaultsOf, fieldFacts, FlagError, flagHelp, flagOptions, flagSynopsis, inputFromFlags } from './cli';
export { isWorkspaceFileName, itemName, seedField, WORKSPACE_FILE_NAME, WORKSPACE_FILE_RULE, workspaceFileSchema } from './fields';
