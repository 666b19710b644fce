export * from './fixes';
export * from './group-plan';
export * from './http';
export * from './normalize';
export * from './types';
export { likelyMeant } from './checks';
export { type Assertion, ASSERTION_KINDS, ASSERTION_LIMITS, type AssertionType, expectSchema } from './expect';
export { type ImportedRequest, importRequest, looksLikeRequest } from './import';
export { checkResponse } from './response-schema';
export {
  contextValueSchema,
  contextVariablesSchema,
  envelopeSchemaWith,
  isRequest,
  kindedRequest,
  requestKindSchema,
  requestProblems,
  searchTemplateSchema,
  withEnvelope,
} from './schema';
export { checkSortOrder, type OrderCheck } from './sort-check';
export { type DecodeNote, decodeSearchUrl, encodeSearchUrl, jsonErrorPosition } from './url-codec';
export { isReservedVariable, systemVariables, validateVariables, variablesJsonSchema } from './variables';
