import { describe, expect, it } from 'vitest';
import { isUndoRedoKey } from '../../../../src/renderer/src/shell/keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('undo and redo keys, as each platform spells them', () => {
  it('Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y outside macOS; ⌘Z and ⌘⇧Z on macOS', () => {
    expect(isUndoRedoKey(key('z', { ctrlKey: true }), false)).toBe(true);
    expect(isUndoRedoKey(key('Z', { ctrlKey: true, shiftKey: true }), false)).toBe(true);
    expect(isUndoRedoKey(key('y', { ctrlKey: true }), false)).toBe(true);
    expect(isUndoRedoKey(key('z', { metaKey: true }), true)).toBe(true);
    expect(isUndoRedoKey(key('y', { metaKey: true }), true)).toBe(false);
  });
  it('not a plain z, not Alt+Ctrl+Z, not the other platform’s modifier', () => {
    expect(isUndoRedoKey(key('z'), false)).toBe(false);
    expect(isUndoRedoKey(key('z', { ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(isUndoRedoKey(key('z', { metaKey: true }), false)).toBe(false);
    expect(isUndoRedoKey(key('z', { ctrlKey: true }), true)).toBe(false);
  });
});
