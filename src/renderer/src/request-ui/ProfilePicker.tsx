import { useAppStore } from '../store/store';

/** Picks one of the profiles, its colour tag beside it (production profiles are meant to stand out). */
export function ProfilePicker({
  value,
  onChange,
  label = 'Profile',
  compact = false,
  hideLabel = compact,
}: {
  value: string | null;
  onChange: (id: string) => void;
  label?: string;
  compact?: boolean;
  /** Keep the label for screen readers only (a field label is already shown). */
  hideLabel?: boolean;
}) {
  const profiles = useAppStore((s) => s.profiles);
  const current = profiles?.profiles.find((p) => p.id === value);
  return (
    <label className={`profile-picker${compact ? ' profile-picker--compact' : ''}`}>
      <span className={hideLabel ? 'visually-hidden' : 'profile-picker__label'}>{label}</span>
      <span className="profile-picker__dot" style={{ background: current?.color ?? 'var(--muted)' }} aria-hidden="true" />
      <select className="profile-picker__select" value={value ?? ''} onChange={(e) => onChange(e.target.value)} disabled={!profiles}>
        {!current ? <option value="">No profile</option> : null}
        {(profiles?.profiles ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
