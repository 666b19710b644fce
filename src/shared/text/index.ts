export { forTerminal, visible } from './control';
export { formatAgo, formatDuration, formatWhen } from './time-format';
export { plural } from './count';
