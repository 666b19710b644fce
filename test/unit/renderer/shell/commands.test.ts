import { describe, expect, it } from 'vitest';
import { paletteRows } from '../../../../src/renderer/src/shell/CommandPalette';
import {
  keyLabel,
  matchesKeys,
  parseKeys,
  rankCommands,
  registerCommands,
  allCommands,
  type Command,
} from '../../../../src/renderer/src/shell/commands';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});
const command = (title: string, group = 'Search', extra: Partial<Command> = {}): Command => ({
  id: title,
  title,
  group,
  run: () => {},
  ...extra,
});

describe('command keys', () => {
  it('reads Mod as Ctrl, and as ⌘ on macOS', () => {
    const chord = parseKeys('Mod+Shift+V');
    expect(chord).toEqual({ mod: true, shift: true, alt: false, key: 'v' });
    expect(matchesKeys(chord, key('V', { ctrlKey: true, shiftKey: true }), false)).toBe(true);
    expect(matchesKeys(chord, key('V', { ctrlKey: true, shiftKey: true }), true)).toBe(false);
    expect(matchesKeys(chord, key('v', { metaKey: true, shiftKey: true }), true)).toBe(true);
  });
  it('needs exactly the modifiers named', () => {
    const chord = parseKeys('Mod+B');
    expect(matchesKeys(chord, key('b', { ctrlKey: true }), false)).toBe(true);
    expect(matchesKeys(chord, key('b', { ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(matchesKeys(chord, key('b', { ctrlKey: true, metaKey: true }), false)).toBe(false);
    expect(matchesKeys(parseKeys('Mod+/'), key('/', { ctrlKey: true }), false)).toBe(true);
  });
  it('writes keys as each platform does', () => {
    expect(keyLabel('Mod+Shift+V', false)).toEqual(['Ctrl', 'Shift', 'V']);
    expect(keyLabel('Mod+Alt+B', true)).toEqual(['⌘', '⌥', 'B']);
    expect(keyLabel('Mod+Enter', true)).toEqual(['⌘', '↩']);
  });
});

describe('command palette ranking', () => {
  const commands = [
    command('Go to Compare', 'Go to'),
    command('Send the request', 'Search', { keywords: 'run' }),
    command('Copy the request as cURL'),
    command('“red dress”', 'Recent requests', { detail: 'search · Local demo · 10:01' }),
    command('Theme: dark', 'App', { keywords: 'appearance' }),
  ];
  it('finds by the start of a word first, by keywords and details too, and nothing for a stranger', () => {
    expect(rankCommands(commands, 'comp').map((c) => c.title)).toEqual(['Go to Compare']);
    // Word starts ("request", "red") before a match inside a word ("Compare"), ties in the order registered.
    expect(rankCommands(commands, 're').map((c) => c.title)).toEqual([
      'Send the request',
      'Copy the request as cURL',
      '“red dress”',
      'Go to Compare',
    ]);
    expect(rankCommands(commands, 'run').map((c) => c.title)).toEqual(['Send the request']);
    expect(rankCommands(commands, 'appearance').map((c) => c.title)).toEqual(['Theme: dark']);
    expect(rankCommands(commands, 'local demo').map((c) => c.title)).toEqual(['“red dress”']);
    expect(rankCommands(commands, 'zebra')).toEqual([]);
  });
  it('prefers a title that starts with the text', () => {
    expect(rankCommands(commands, 'copy req').map((c) => c.title)[0]).toBe('Copy the request as cURL');
    expect(rankCommands(commands, 'the request').map((c) => c.title)).toEqual(['Send the request', 'Copy the request as cURL']);
  });
  it('shows every command with nothing typed, but only the latest recent requests', () => {
    const many = [...commands, ...Array.from({ length: 20 }, (_, i) => command(`query ${i}`, 'Recent requests'))];
    const rows = paletteRows(many, '');
    expect(rows.filter((c) => c.group === 'Recent requests')).toHaveLength(6);
    expect(rows.filter((c) => c.group !== 'Recent requests')).toHaveLength(4);
    // The screen's own actions lead, then recent requests, then screens and the app.
    expect([...new Set(rows.map((c) => c.group))]).toEqual(['Search', 'Recent requests', 'Go to', 'App']);
    expect(paletteRows(many, 'query 17').map((c) => c.title)).toEqual(['query 17']);
  });
  it('lists what registered sources offer now, and forgets a source once removed', () => {
    let title = 'first';
    const remove = registerCommands('test', () => [command(title)]);
    expect(allCommands().map((c) => c.title)).toContain('first');
    title = 'second';
    expect(allCommands().map((c) => c.title)).toContain('second');
    remove();
    expect(allCommands().map((c) => c.title)).not.toContain('second');
  });
});
