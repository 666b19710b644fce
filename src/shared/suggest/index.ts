/** The front door of suggest: what other capabilities may use. */
export { type GroupableAttribute, groupableAttributes, isRangeFacet, splitValues } from './group-attributes';
