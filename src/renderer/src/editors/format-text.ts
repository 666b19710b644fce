import { parseFilter, printFilter } from '@shared/filter';
import { parseMask, printMask } from '@shared/mask';

/**
 * The canonical layout of a filter or a mask, or null when the text cannot be
 * read (the diagnostics say why). The same printers Monaco's formatter uses, so
 * the Format button works before Monaco has loaded.
 */
export function formatLanguageText(kind: 'filter' | 'mask', text: string): string | null {
  if (kind === 'filter') {
    const parsed = parseFilter(text);
    return parsed.ast ? printFilter(parsed.ast) : text.trim() === '' ? '' : null;
  }
  const parsed = parseMask(text);
  return parsed.selections ? printMask(parsed.selections) : text.trim() === '' ? '' : null;
}
