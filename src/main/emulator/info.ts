import { trackerKeyOf } from './config';
import type { Emulator } from './emulator';
import { COLLECT_PATH } from './tracker';
import { JUDGE_API_KEY, JUDGE_MODEL, JUDGE_PATH } from './judge';

/**
 * GET /__emulator/info — the app builds the Local demo profile from this, so
 * its shape is kept stable: searchUrl, authUrl, itemsUrl, collectUrl and the tenants.
 */
export function emulatorInfo(emulator: Emulator, baseUrl: string) {
  return {
    name: 'Search Workbench emulator',
    searchUrl: baseUrl,
    authUrl: baseUrl,
    itemsUrl: baseUrl,
    /** The tracker: activities are posted to `${collectUrl}/${trackerKey}`. */
    collectUrl: `${baseUrl}${COLLECT_PATH}`,
    /** The OpenAI-compatible judge: its base URL (for the openai client's baseURL), model and key, and its confusion. */
    judge: {
      baseUrl: `${baseUrl}${JUDGE_PATH}`,
      model: JUDGE_MODEL,
      apiKey: JUDGE_API_KEY,
      errorRate: emulator.judge.current().errorRate,
      seed: emulator.judge.current().seed,
    },
    catalog: { items: emulator.items.length, seed: emulator.config.catalog.seed, referenceDate: emulator.config.catalog.referenceDate },
    tenants: [...emulator.tenants.values()].map((tenant) => {
      const t = tenant.config;
      return {
        id: t.id,
        title: t.title,
        environment: t.environment,
        searchTokens: t.searchTokens,
        defaultConfigurationId: t.defaultConfigurationId,
        configurations: t.configurations.map((c) => ({
          id: c.id,
          title: c.title,
          description: c.description,
          triggers: c.triggers.map((tr) => ({ id: tr.id, description: tr.description })),
        })),
        facets: t.facets.map((f) => ({ id: f.id, attribute: f.attribute, title: f.title })),
        sortableAttributes: t.sortableAttributes,
        groupableAttributes: tenant.groupableAttributes(),
        autocompleteActivated: t.autocompleteActivated,
        trackerKey: trackerKeyOf(t),
        redirectQueries: t.redirects.flatMap((r) => r.queries),
        serviceAccounts: t.serviceAccounts.map((a) => ({
          clientId: a.clientId,
          ...(a.clientSecret ? { clientSecret: a.clientSecret } : {}),
        })),
        tokenEndpoint: `${baseUrl}/auth/realms/${t.id}/protocol/openid-connect/token`,
        attributes: emulator.attributes(tenant),
      };
    }),
  };
}

export type EmulatorInfo = ReturnType<typeof emulatorInfo>;
