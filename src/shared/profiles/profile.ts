import { z } from 'zod';
import { storefrontMappingSchema } from '../storefront';
import { likelyMeant } from '../request';

/**
 * Profiles (environments): where requests go and as whom. Everything here is
 * non-secret and safe to show, store and export; client secrets and private
 * keys live in the OS keychain, keyed by profile id, and never appear here.
 */

export const LOCAL_DEMO_ID = 'local-demo';
/** The host of Local demo's (imaginary) storefront, whose URLs Local demo's storefront mapping reads. */
export const LOCAL_DEMO_STOREFRONT_HOST = 'demo-shop.example.com';

const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL, like https://eu.search.example.com');

const optionalUrl = z.union([httpUrl, z.literal('')]);

export const searchTokenSchema = z.object({
  label: z.string().trim().min(1, 'give the token a label, like "storefront"').max(80),
  token: z.string().trim().min(1, 'paste the search token from the management console').max(500),
});

/** The tracker's regions, as the official client names them: activities go to collect-<region>.attraqt.io. */
export const TRACKER_REGIONS = ['eu', 'dev', 'ap1', 'ap2'] as const;
export const trackerRegionSchema = z.enum(TRACKER_REGIONS);
export type TrackerRegion = z.infer<typeof trackerRegionSchema>;

export const authMethodSchema = z.enum(['client-secret', 'private-key']);
export type AuthMethod = z.infer<typeof authMethodSchema>;

/**
 * Whom a signed client assertion is addressed to (`aud`): the token
 * endpoint, as the identity server has long accepted, or the realm's issuer
 * URL, as newer identity servers require.
 */
export const assertionAudienceSchema = z.enum(['token-endpoint', 'issuer']);
export type AssertionAudience = z.infer<typeof assertionAudienceSchema>;

export const publicKeySchema = z.object({
  pem: z.string(),
  jwk: z.record(z.string(), z.unknown()),
  kid: z.string(),
  createdAt: z.string(),
});
export type PublicKeyInfo = z.infer<typeof publicKeySchema>;

/** Each editable field once, without defaults, so a patch never resets what it leaves out. */
const fieldShape = {
  name: z.string().trim().min(1, 'a profile needs a name').max(80),
  /** CSS colour of the profile's tag; red for production is the convention. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #d64545'),
  searchUrl: httpUrl,
  authUrl: optionalUrl,
  itemsUrl: optionalUrl,
  tenant: z.string().trim().max(120),
  environment: z.string().trim().max(120),
  searchTokens: z.array(searchTokenSchema).max(50),
  configurationIds: z.array(z.string().trim().min(1).max(200)).max(200),
  sortableAttributes: z.array(z.string().trim().min(1).max(200)).max(500),
  clientId: z.string().trim().max(200),
  authMethod: authMethodSchema,
  assertionAudience: assertionAudienceSchema,
  /** How this environment's storefronts write searches into their own URLs (paste a shopper's URL, copy one back). */
  storefronts: z.array(storefrontMappingSchema).max(20),
  /** The tracker (shoppers' activities): its key from the console, its region, or a collect address of its own. */
  trackerKey: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9_-]{1,128})?$/, 'a tracker key is letters, digits, _ and - (copy it from the console)'),
  trackerRegion: trackerRegionSchema,
  collectUrl: optionalUrl,
  /** The currency the tenant's storefront sells in (ISO 4217): revenue is shown in it; empty shows bare amounts. */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{3})?$/, 'a currency is a three-letter ISO 4217 code, like EUR or USD (or empty)'),
};

/** What a user can edit, with defaults for what a new profile leaves out. */
export const profileFieldsSchema = z.object({
  ...fieldShape,
  authUrl: fieldShape.authUrl.default(''),
  itemsUrl: fieldShape.itemsUrl.default(''),
  tenant: fieldShape.tenant.default(''),
  environment: fieldShape.environment.default(''),
  searchTokens: fieldShape.searchTokens.default([]),
  configurationIds: fieldShape.configurationIds.default([]),
  sortableAttributes: fieldShape.sortableAttributes.default([]),
  clientId: fieldShape.clientId.default(''),
  authMethod: fieldShape.authMethod.default('client-secret'),
  assertionAudience: fieldShape.assertionAudience.default('token-endpoint'),
  storefronts: fieldShape.storefronts.default([]),
  trackerKey: fieldShape.trackerKey.default(''),
  trackerRegion: fieldShape.trackerRegion.default('eu'),
  collectUrl: fieldShape.collectUrl.default(''),
  currency: fieldShape.currency.default(''),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/** A change to some fields: only what is given is touched. */
export const profilePatchSchema = z.object(fieldShape).partial().strict();
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

export const profileSchema = profileFieldsSchema.extend({
  id: z.string().min(1),
  builtIn: z.boolean().default(false),
  /** The public half of a generated key pair, to copy and send to the operator. */
  publicKey: publicKeySchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A profile as the renderer sees it: plus whether secrets are stored, never the secrets. */
export interface ProfileView extends Profile {
  secrets: { clientSecret: boolean; privateKey: boolean };
}

export const PROFILE_EXPORT_FORMAT = 'search-workbench-profile';

export const profileExportSchema = z.object({
  format: z.literal(PROFILE_EXPORT_FORMAT),
  version: z.literal(1),
  profile: profileFieldsSchema.extend({ publicKey: publicKeySchema.optional() }),
});
export type ProfileExport = z.infer<typeof profileExportSchema>;

export const PROFILE_COLORS = ['#3b82f6', '#10b981', '#f59e0b', '#d64545', '#8b5cf6', '#0ea5e9', '#64748b'] as const;

export type SecretKind = 'client-secret' | 'private-key';

/**
 * A configuration id the profile does not list, said before anything is sent: the known ids and the one it
 * was most likely meant to be ("bestsellerz" → bestsellers). Null when it is listed, empty (the tenant default),
 * or the profile lists none (nothing to hold it against).
 */
export function unknownConfiguration(
  id: string | undefined,
  profile: { name: string; configurationIds: readonly string[] } | undefined,
): string | null {
  const value = id?.trim() ?? '';
  if (!value || !profile || profile.configurationIds.length === 0 || profile.configurationIds.includes(value)) return null;
  const meant = likelyMeant(value, profile.configurationIds);
  return `"${value}" is not a configuration of ${profile.name} (${profile.configurationIds.join(', ')})${meant ? `: did you mean ${meant}?` : '.'} The service will refuse it or use its default.`;
}
export { CAUSE_LABELS, CAUSE_REMEDIES, type ConnectionCause } from './connection';

/**
 * Where a profile's tracker takes activities: `${collect address}/${trackerKey}` — the profile's own collect URL
 * when it has one (a proxy, the emulator), else the region's, as the official client builds it. Null without a key.
 */
export function trackerAddress(p: Pick<ProfileFields, 'trackerKey' | 'trackerRegion' | 'collectUrl'>): string | null {
  if (!p.trackerKey) return null;
  const base = p.collectUrl
    ? p.collectUrl.replace(/\/+$/, '')
    : `http${p.trackerRegion === 'dev' ? '' : 's'}://collect-${p.trackerRegion}.attraqt.io`;
  return `${base}/${encodeURIComponent(p.trackerKey)}`;
}
