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
      <IntBox
        value={value}
        min={min}
        max={max}
        fallback={fallback}
        aria-label={ariaLabel ?? label}
        disabled={disabled}
        onChange={onChange}
      />
    </label>
  );
}

/** The field alone, for a form that labels it elsewhere (a Field with `htmlFor` its id): kept in [min, max] as typed. */
export function IntBox({
  value,
  min,
  max,
  fallback = min,
  onChange,
  ...rest
}: {
  value: number;
  min: number;
  max: number;
  fallback?: number;
  onChange: (value: number) => void;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'min' | 'max' | 'onChange' | 'type'>) {
  return (
    <input
      className="input input--sm"
      type="number"
      min={min}
      max={max}
      value={value}
      {...rest}
      onChange={(e) => onChange(clampInt(e.target.value, min, max, fallback))}
    />
  );
}

/** A typed number as a whole number in [min, max]; `fallback` when it is not a number or below min. */
export function clampInt(text: string, min: number, max: number, fallback: number): number {
  const n = Math.trunc(Number(text));
  return text.trim() !== '' && Number.isFinite(n) && n >= min ? Math.min(max, n) : fallback;
}
