import type { Profile } from '../../../shared/profiles';
import type { LocalDemo } from './local-demo';
import type { ProfileService } from './profiles';
import { tokenEndpoint, type TokenCredentials } from './token-client';

/** The token-client credentials of a profile; the secret is read from the store only when a grant needs it. */
export function credentialsFor({ profiles }: { profiles: ProfileService }, profile: Profile): TokenCredentials {
  return {
    tokenUrl: profile.authUrl && profile.tenant ? tokenEndpoint(profile.authUrl, profile.tenant) : '',
    clientId: profile.clientId,
    authMethod: profile.authMethod,
    audience: profile.assertionAudience,
    secret: () => profiles.readSecret(profile.id, profile.authMethod === 'client-secret' ? 'client-secret' : 'private-key'),
  };
}

/** The profile named (or the active one), once its service is reachable (Local demo may still be starting). */
export async function readyProfile(profiles: ProfileService, localDemo: LocalDemo | undefined, id: string | undefined): Promise<Profile> {
  const profile = profiles.resolve(id);
  if (profile.builtIn) await localDemo?.whenReady();
  return profiles.get(profile.id);
}
