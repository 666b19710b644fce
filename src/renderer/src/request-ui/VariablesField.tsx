import { DiagnosticLine } from '../components/Field';
import { parseVariables } from './parse-variables';

/**
 * Context variables typed as JSON, with the reason beside the field when they cannot be used: a Compare side and a
 * new experiment's side edit them alike.
 */
export function VariablesField({
  id,
  ariaLabel,
  value,
  onChange,
}: {
  id?: string;
  ariaLabel?: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const variables = parseVariables(value);
  return (
    <>
      <textarea
        id={id}
        aria-label={ariaLabel}
        className="input mono small"
        rows={1}
        spellCheck={false}
        placeholder='none (e.g. {"segment": "…"})'
        value={value}
        aria-invalid={!variables.ok}
        onChange={(e) => onChange(e.target.value)}
      />
      {!variables.ok ? (
        <DiagnosticLine diagnostic={{ path: 'context', severity: 'error', code: 'json', message: variables.message }} />
      ) : null}
    </>
  );
}
