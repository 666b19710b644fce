import type { RequestDiagnostic } from '@shared/diagnostics';
import { unknownConfiguration, type ProfileView } from '@shared/profiles';

/** A configuration id the profile does not list, as a warning under the field: said before anything is sent. */
export function configurationWarning(id: string | undefined, profile: ProfileView | undefined): RequestDiagnostic[] {
  const message = unknownConfiguration(id, profile);
  return message ? [{ path: 'configurationId', severity: 'warning', code: 'unknown-configuration', message }] : [];
}
