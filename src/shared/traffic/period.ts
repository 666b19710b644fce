/** The days before a range, as many as it has: what "this period against the last one" compares with. */
export function previousPeriod(from: string, to: string): { from: string; to: string; days: number } {
  const day = 86_400_000;
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const days = Math.round((end - start) / day) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(start - days * day), to: iso(start - day), days };
}

/** A figure against the same figure last period: the relative change, or null when there is nothing to set it against. */
export function changeAgainst(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return now / before - 1;
}
