import { LOCAL_DEMO_ID, PROFILE_COLORS, profileFieldsSchema, type ProfileFields, type ProfileView } from '@shared/profiles';
import { issuePath } from '@shared/zod';

/** The fields Local demo's app manages (its emulator decides them); shown read-only. */
export const MANAGED = new Set<keyof ProfileFields>([
  'searchUrl',
  'authUrl',
  'itemsUrl',
  'tenant',
  'environment',
  'clientId',
  'authMethod',
  'trackerKey',
  'collectUrl',
]);

export const NEW_ID = '__new__';

export function fieldsOf(p: ProfileView): ProfileFields {
  return {
    name: p.name,
    color: p.color,
    searchUrl: p.searchUrl,
    authUrl: p.authUrl,
    itemsUrl: p.itemsUrl,
    tenant: p.tenant,
    environment: p.environment,
    searchTokens: p.searchTokens.map((t) => ({ ...t })),
    configurationIds: [...p.configurationIds],
    sortableAttributes: [...p.sortableAttributes],
    clientId: p.clientId,
    authMethod: p.authMethod,
    assertionAudience: p.assertionAudience,
    storefronts: structuredClone(p.storefronts),
    trackerKey: p.trackerKey,
    trackerRegion: p.trackerRegion,
    collectUrl: p.collectUrl,
    currency: p.currency,
  };
}

export function blankFields(existing: number): ProfileFields {
  return {
    name: 'New profile',
    color: PROFILE_COLORS[existing % PROFILE_COLORS.length] as string,
    searchUrl: '',
    authUrl: '',
    itemsUrl: '',
    tenant: '',
    environment: '',
    searchTokens: [],
    configurationIds: [],
    sortableAttributes: [],
    clientId: '',
    authMethod: 'client-secret',
    assertionAudience: 'token-endpoint',
    storefronts: [],
    trackerKey: '',
    trackerRegion: 'eu',
    collectUrl: '',
    currency: '',
  };
}

/** Field errors of a draft by dotted path, from the same schema main checks with. */
export function draftErrors(fields: ProfileFields): Map<string, string> {
  const parsed = profileFieldsSchema.safeParse(fields);
  const out = new Map<string, string>();
  if (!parsed.success) for (const issue of parsed.error.issues) out.set(issuePath(issue.path), issue.message);
  return out;
}

/** Only the fields that changed, for profiles:update. */
export function changedFields(before: ProfileFields, after: ProfileFields): Partial<ProfileFields> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ProfileFields)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = after[key];
  }
  return out as Partial<ProfileFields>;
}

export function isLocalDemo(id: string): boolean {
  return id === LOCAL_DEMO_ID;
}
