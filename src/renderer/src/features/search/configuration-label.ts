/**
 * What the answer's header says about the configuration the service used: its id, and how it stands to the
 * tenant's default — each said once ("config default", never "config default · default").
 */
export interface ConfigurationLabel {
  /** The id the service used. */
  used: string;
  /** A badge beside it, or null when the id says it all. */
  badge: { text: string; id: string | null; muted: boolean } | null;
  title: string;
}

export function configurationLabel(used: string, tenantDefault: string | undefined): ConfigurationLabel {
  if (!tenantDefault) return { used, badge: null, title: 'The configuration the service used' };
  if (used === tenantDefault) {
    // An id that already reads "default" needs no badge saying so again.
    const saysItself = /\bdefault\b/i.test(used);
    return {
      used,
      badge: saysItself ? null : { text: 'tenant default', id: null, muted: true },
      title: `The configuration the service used: the tenant's default, ${used}`,
    };
  }
  return {
    used,
    badge: { text: 'tenant default:', id: tenantDefault, muted: false },
    title: `The configuration the service used; the tenant's default is ${tenantDefault}`,
  };
}
