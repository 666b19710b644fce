export * from './curl';
export * from './shell';
