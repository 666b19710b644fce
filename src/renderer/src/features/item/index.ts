/** The front door of item: what other capabilities may use. */
export { ItemDrawer } from './ItemDrawer';
