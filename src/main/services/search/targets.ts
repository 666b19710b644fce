import { type LocalDemo, readyProfile, type ProfileService } from '../profiles';
import type { HttpClient } from '../http';

/**
 * Where a run's requests go, as a service sees it — the same whether the app named a profile or the command line
 * gave an address: its name (for messages), the search address, the first search token it holds, and whether it is
 * the emulator (whose clock a run may set: Local demo in the app, `/__emulator/info` answering on the command line).
 */
export interface SearchTarget {
  name: string;
  searchUrl: string;
  token?: string;
  isEmulator: () => Promise<boolean>;
}

/** The target of a profile id (the active profile when none is given). */
export type Targets = (profileId: string | undefined) => Promise<SearchTarget>;

/** The app's targets: a profile, once its service is reachable (Local demo may still be starting). */
export function profileTargets(profiles: ProfileService, localDemo: LocalDemo | undefined): Targets {
  return async (profileId) => {
    const profile = await readyProfile(profiles, localDemo, profileId);
    const token = profile.searchTokens[0]?.token;
    return { name: profile.name, searchUrl: profile.searchUrl, ...(token ? { token } : {}), isEmulator: async () => profile.builtIn };
  };
}

/**
 * The command line's one target: the address and token its flags give, whatever profile id is asked for. Whether it
 * is the emulator is asked of the address itself, once, and only when a run needs to know.
 */
export function addressTargets(http: HttpClient, baseUrl: string, token?: string): Targets {
  let emulator: Promise<boolean> | undefined;
  const isEmulator = () =>
    (emulator ??= http
      .send({ method: 'GET', url: `${baseUrl.replace(/\/+$/, '')}/__emulator/info`, headers: [] })
      .then((probe) => probe.ok && probe.status === 200));
  return async () => ({ name: baseUrl, searchUrl: baseUrl, ...(token ? { token } : {}), isEmulator });
}
