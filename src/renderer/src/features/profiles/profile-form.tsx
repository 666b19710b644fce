import type { ProfileFields } from '@shared/profiles';
import { Field } from '../../components/Field';
import type { draftErrors } from './profile-draft';

/** What every section of the form reads: the draft, how to change a field, which are locked, the errors, the id. */
export interface ProfileForm {
  draft: ProfileFields;
  set: <K extends keyof ProfileFields>(k: K, v: ProfileFields[K]) => void;
  locked: (k: keyof ProfileFields) => boolean;
  errors: ReturnType<typeof draftErrors>;
  idp: string;
}

/** One text field of the profile form: its label, its error under it, read-only where Local demo manages it. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  locked,
  mono,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  hint?: string;
  placeholder?: string;
  locked?: boolean;
  mono?: boolean;
}) {
  return (
    <Field
      label={label}
      htmlFor={id}
      hint={locked ? 'Managed by the app for Local demo; duplicate the profile to change it.' : hint}
      diagnostics={error ? [{ path: id, severity: 'error', code: 'invalid', message: error }] : []}
    >
      <input
        id={id}
        className={`input input--sm${mono ? ' mono' : ''}`}
        value={value}
        placeholder={placeholder}
        readOnly={locked}
        aria-readonly={locked}
        aria-invalid={!!error}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
