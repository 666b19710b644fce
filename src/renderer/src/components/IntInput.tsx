/**
 * A whole number in [min, max] with its label beside it. What is typed is
 * kept inside the range as it is typed (a cleared field or a stray letter
 * becomes `fallback`), so the value a form submits is always valid.
 */
export function IntInput({
  label,
  ariaLabel,
  value,
  min,
  max,
  fallback = min,
  disabled,
  className,
  onChange,
}: {
  /** The text shown before the field. */
  label: string;
  /** The field's accessible name when it differs from the text shown. */
  ariaLabel?: string;
  value: number;
  min: number;
  max: number;
  fallback?: number;
  disabled?: boolean;
  className?: string;
  onChange: (value: number) => void;
}) {
  return (
    <label className={`small ws-form__scale${className ? ` ${className}` : ''}`}>
      {label}
      <input
        className="input input--sm"
        type="number"
        min={min}
        max={max}
        value={value}
        aria-label={ariaLabel ?? label}
        disabled={disabled}
        onChange={(e) => onChange(clampInt(e.target.value, min, max, fallback))}
      />
    </label>
  );
}

/** A typed number as a whole number in [min, max]; `fallback` when it is not a number or below min. */
export function clampInt(text: string, min: number, max: number, fallback: number): number {
  const n = Math.trunc(Number(text));
  return text.trim() !== '' && Number.isFinite(n) && n >= min ? Math.min(max, n) : fallback;
}
