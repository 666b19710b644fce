import type { ReactNode } from 'react';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  title?: string;
}

/** A small radio group drawn as a segmented control. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  showLabel,
}: {
  label: string;
  disabled?: boolean;
  /** The label shown before the control too (it is always the group's accessible name). */
  showLabel?: boolean;
  value: T;
  options: SegmentedOption<T>[];
  onChange: (v: T) => void;
}) {
  const group = (
    <div className="segmented" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          disabled={disabled}
          title={o.title}
          className={`segmented__item${value === o.value ? ' is-active' : ''}`}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
  if (!showLabel) return group;
  return (
    <span className="segmented-field">
      <span className="muted small" aria-hidden="true">
        {label}
      </span>
      {group}
    </span>
  );
}
