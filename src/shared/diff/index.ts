export * from './json-diff';
export * from './metrics';
export * from './ranking';
export * from './responses';
