/** Name and version baked in at build time (see the build configs' `define`). */
declare const __APP_VERSION__: string | undefined;

export const APP_NAME = 'Search Workbench';
export const APP_ID = 'search-workbench';
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev';
