export * from './decode';
export * from './encode';
export * from './mapping';
export * from './query-string';
