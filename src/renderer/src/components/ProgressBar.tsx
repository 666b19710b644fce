/** A determinate progress bar: `value` of `max` done, named for screen readers. */
export function ProgressBar({ label, value, max }: { label: string; value: number; max: number }) {
  const share = max > 0 ? Math.min(1, value / max) : 1;
  return (
    <div className="batch-progress__bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value}>
      <span style={{ width: `${share * 100}%` }} />
    </div>
  );
}
