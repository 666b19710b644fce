/** macOS uses ⌘ where other platforms use Ctrl; shortcuts accept either modifier. */
export function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

export function modKey(): string {
  return isMac() ? '⌘' : 'Ctrl';
}

export function hasMod(e: { ctrlKey: boolean; metaKey: boolean }): boolean {
  return hasModOn(e, isMac());
}

/** The format-document shortcut as each platform's editors name it. */
export function formatShortcut(): string {
  return isMac() ? 'Shift+Option+F' : 'Shift+Alt+F';
}

/** Undo or redo as the platform spells it: Ctrl/⌘+Z, Ctrl/⌘+Shift+Z, and Ctrl+Y outside macOS. */
export function isUndoRedoKey(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }, mac = isMac()): boolean {
  if (e.altKey || !hasModOn(e, mac)) return false;
  const key = e.key.toLowerCase();
  return key === 'z' || (!mac && key === 'y');
}

function hasModOn(e: { ctrlKey: boolean; metaKey: boolean }, mac: boolean): boolean {
  return mac ? e.metaKey : e.ctrlKey;
}
