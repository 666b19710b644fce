/** 4m 05s, 59s, 1h 02m — for countdowns. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** How long ago, in the largest whole unit: "just now", "5 min ago", "3 h ago", "12 days ago". */
export function formatAgo(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const ago = now - at;
  if (ago < -60_000) return 'in the future';
  if (ago < 60_000) return 'just now';
  if (ago < 3_600_000) return `${Math.floor(ago / 60_000)} min ago`;
  if (ago < 48 * 3_600_000) return `${Math.floor(ago / 3_600_000)} h ago`;
  return `${Math.floor(ago / 86_400_000)} days ago`;
}

/** A time as the local date and time, with how long ago. */
export function formatWhen(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${at.toLocaleString()} (${formatAgo(iso, now)})`;
}
