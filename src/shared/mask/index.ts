export * from './apply';
export * from './complete';
export * from './parser';
