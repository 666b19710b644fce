export * from './fixes';
export * from './http';
export * from './normalize';
export * from './types';
