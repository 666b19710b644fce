import { useEffect, useRef } from 'react';

/**
 * Everything the user can do by name: the command palette (Ctrl/Cmd+K) lists
 * it, the shortcuts sheet (Ctrl/Cmd+/) documents it, and a command with
 * `bound` keys is run by them from anywhere on its screen.
 */
export interface Command {
  id: string;
  title: string;
  /** The palette's and the sheet's heading: "Go to", "Search", "Recent requests"… */
  group: string;
  /** As written in the app, with `Mod` for Ctrl (⌘ on macOS): `Mod+Shift+V`. */
  keys?: string;
  /** The keys are handled here (in the capture phase, so editors do not swallow them); otherwise they only document a handler elsewhere. */
  bound?: boolean;
  /** More words the palette matches: "theme" for "Dark theme". */
  keywords?: string;
  /** Secondary text on the palette row: a time, a file name. */
  detail?: string;
  /** Greyed with its reason when it cannot run now. */
  disabledReason?: string;
  run: () => void;
}

type Source = () => Command[];
const sources = new Map<string, Source>();

/** Adds (or replaces) a named source of commands; returns how to remove it. */
export function registerCommands(name: string, source: Source): () => void {
  sources.set(name, source);
  return () => {
    if (sources.get(name) === source) sources.delete(name);
  };
}

/** Every command of every registered source, as they are now. */
export function allCommands(): Command[] {
  return [...sources.values()].flatMap((source) => source());
}

/** Registers a screen's commands while it is shown; the list is read when asked, so it is always current. */
export function useCommands(name: string, build: () => Command[]): void {
  const latest = useRef(build);
  useEffect(() => {
    latest.current = build;
  });
  useEffect(() => registerCommands(name, () => latest.current()), [name]);
}

export interface KeyChord {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

/** `Mod+Shift+V` → its parts; the last part is the key. */
export function parseKeys(keys: string): KeyChord {
  const parts = keys.split('+');
  const key = (parts.pop() ?? '').toLowerCase();
  return { mod: parts.includes('Mod'), shift: parts.includes('Shift'), alt: parts.includes('Alt'), key };
}

/** Whether a key event is that chord (`mod` is Ctrl, or ⌘ on macOS). */
export function matchesKeys(
  chord: KeyChord,
  e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean },
  mac: boolean,
): boolean {
  const mod = mac ? e.metaKey : e.ctrlKey;
  const other = mac ? e.ctrlKey : e.metaKey;
  return mod === chord.mod && !other && e.shiftKey === chord.shift && e.altKey === chord.alt && e.key.toLowerCase() === chord.key;
}

/** The keys as the platform writes them: `Ctrl+Shift+V`, or `⌘⇧V` on macOS. */
export function keyLabel(keys: string, mac: boolean): string[] {
  return keys.split('+').map((part) => {
    if (part === 'Mod') return mac ? '⌘' : 'Ctrl';
    if (part === 'Alt') return mac ? '⌥' : 'Alt';
    if (part === 'Shift') return mac ? '⇧' : 'Shift';
    if (part === 'Enter') return mac ? '↩' : 'Enter';
    return part.length === 1 ? part.toUpperCase() : part;
  });
}

/**
 * The palette's match: every word typed must start a word of the title (or
 * keywords, group), or appear inside it; titles that start with the text come
 * first, then word starts, then the rest, each in registration order.
 */
export function rankCommands(commands: readonly Command[], text: string): Command[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  const scored: { command: Command; score: number; index: number }[] = [];
  commands.forEach((command, index) => {
    const title = command.title.toLowerCase();
    const haystack = `${title} ${command.keywords ?? ''} ${command.group} ${command.detail ?? ''}`.toLowerCase();
    let score = 0;
    for (const word of words) {
      if (!haystack.includes(word)) return;
      if (new RegExp(`(^|[^a-z0-9])${escapeRegExp(word)}`).test(title)) score += 2;
      else if (title.includes(word)) score += 1;
    }
    if (title.startsWith(text.toLowerCase().trim())) score += 10;
    scored.push({ command, score, index });
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((s) => s.command);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
