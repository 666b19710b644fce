import type { RequestDiagnostic } from '@shared/diagnostics';
import type { ProfileView } from '@shared/profiles';
import { Field } from '../components/Field';
import type { DiagnosticsByField } from './use-request-diagnostics';
import { configurationWarning } from './configuration-warning';

interface Targeted {
  token?: string;
  configurationId?: string;
}

export interface TargetFieldsProps<R extends Targeted> {
  idPrefix: string;
  profile: ProfileView | undefined;
  request: R;
  /** An empty configuration means the tenant default: the field is then left out of the request. */
  onChange: (update: (request: R) => R) => void;
  diags: DiagnosticsByField;
  onFix: (d: RequestDiagnostic) => void;
}

/** Which tenant (search token) and which configuration a request goes to, with the profile's known values offered. */
export function TargetFields<R extends Targeted>({ idPrefix, profile, request, onChange, diags, onFix }: TargetFieldsProps<R>) {
  const token = request.token ?? '';
  const configurationId = request.configurationId;
  const onToken = (value: string) => onChange((r) => ({ ...r, token: value }));
  const onConfiguration = (value: string | undefined) => onChange((r) => withConfiguration(r, value));
  return (
    <div className="grid-2">
      <Field label="Search token" htmlFor={`${idPrefix}-token`} diagnostics={diags.at('token')} onFix={onFix}>
        <input
          id={`${idPrefix}-token`}
          className="input input--sm mono input--ellipsis"
          list={`${idPrefix}-tokens`}
          value={token}
          title={token || undefined}
          onChange={(e) => onToken(e.target.value)}
        />
        <datalist id={`${idPrefix}-tokens`}>
          {(profile?.searchTokens ?? []).map((t) => (
            <option key={t.token} value={t.token} label={t.label} />
          ))}
        </datalist>
      </Field>
      <Field
        label="Configuration"
        htmlFor={`${idPrefix}-config`}
        diagnostics={[...diags.at('configurationId'), ...configurationWarning(configurationId, profile)]}
        onFix={onFix}
        hint={configurationId ? undefined : 'tenant default'}
      >
        <input
          id={`${idPrefix}-config`}
          className="input input--sm"
          list={`${idPrefix}-configs`}
          placeholder="tenant default"
          value={configurationId ?? ''}
          onChange={(e) => onConfiguration(e.target.value || undefined)}
        />
        <datalist id={`${idPrefix}-configs`}>
          {(profile?.configurationIds ?? []).map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </Field>
    </div>
  );
}

/** Sets or removes the top-level configurationId of any request. */
export function withConfiguration<T extends { configurationId?: string }>(request: T, configurationId: string | undefined): T {
  const { configurationId: _previous, ...rest } = request;
  return (configurationId ? { ...rest, configurationId } : rest) as T;
}
