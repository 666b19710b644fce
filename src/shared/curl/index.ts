export * from './curl';
export * from './shell';
export * from './devtools';
