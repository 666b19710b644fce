/** What the code editors and their light renderings share, so swapping one for the other moves nothing. */

/** Line height in pixels. */
export const LINE = 19;
export const EDITOR_FONT_SIZE = 12.5;
export const EDITOR_FONT = "'JetBrains Mono', 'SF Mono', ui-monospace, Menlo, Consolas, 'Liberation Mono', monospace";
/** Monaco's padding above and below the lines, together. */
const VERTICAL_PADDING = 10;

/** The editor's height for a number of lines, between its minimum and maximum. */
export function editorHeight(lines: number, minLines: number, maxLines: number): number {
  return Math.min(maxLines, Math.max(minLines, lines, 1)) * LINE + VERTICAL_PADDING;
}
