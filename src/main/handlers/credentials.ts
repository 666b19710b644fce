import type { Profile } from '../../shared/profiles';
import type { Services } from '../services/services';
import { tokenEndpoint, type TokenCredentials } from '../services/token-client';

/** The token-client credentials of a profile; the secret is read from the store only when a grant needs it. */
export function credentialsFor(s: Services, profile: Profile): TokenCredentials {
  return {
    tokenUrl: profile.authUrl && profile.tenant ? tokenEndpoint(profile.authUrl, profile.tenant) : '',
    clientId: profile.clientId,
    authMethod: profile.authMethod,
    secret: () => s.profiles.readSecret(profile.id, profile.authMethod === 'client-secret' ? 'client-secret' : 'private-key'),
  };
}

/** The profile named (or the active one), once its service is reachable (Local demo may still be starting). */
export async function profileFor(s: Services, id: string | undefined): Promise<Profile> {
  const profile = s.profiles.resolve(id);
  if (profile.builtIn) await s.localDemo?.whenReady();
  return s.profiles.get(profile.id);
}
