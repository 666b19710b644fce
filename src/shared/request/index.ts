export * from './fixes';
export * from './group-plan';
export * from './http';
export * from './normalize';
export * from './types';
