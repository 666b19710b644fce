export * from './queries';
export * from './repro';
export * from './report-html';
export * from './reports';
export * from './sides';
export * from './summary';
export * from './types';
export * from './schema';
