/** macOS uses ⌘ where other platforms use Ctrl; shortcuts accept either modifier. */
export function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

export function modKey(): string {
  return isMac() ? '⌘' : 'Ctrl';
}

export function hasMod(e: { ctrlKey: boolean; metaKey: boolean }): boolean {
  return isMac() ? e.metaKey : e.ctrlKey;
}

/** The format-document shortcut as each platform's editors name it. */
export function formatShortcut(): string {
  return isMac() ? 'Shift+Option+F' : 'Shift+Alt+F';
}
