export { forTerminal, visible } from './control';
