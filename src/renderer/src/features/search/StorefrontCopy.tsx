import { AlertTriangle } from 'lucide-react';
import { useMemo } from 'react';
import type { ProfileView } from '@shared/profiles';
import type { SearchRequest } from '@shared/request';
import { mappingMatches, storefrontUrlOf } from '@shared/storefront';
import { CopyButton } from '../../components/CopyButton';

/**
 * "Copy as storefront URL": the request as the shopper would see it on each
 * storefront the profile maps, and what that URL cannot say.
 */
export function StorefrontCopy({
  profile,
  request,
  like,
}: {
  profile: ProfileView | undefined;
  request: SearchRequest;
  /** The customer's storefront URL the tab was pasted from: the mapping that reads it writes the URL like it. */
  like?: string | null;
}) {
  const encoded = useMemo(() => {
    const pasted = like ? new URL(like) : null;
    return (profile?.storefronts ?? []).map((mapping) => ({
      mapping,
      ...storefrontUrlOf(mapping, request, pasted && mappingMatches(mapping, pasted) ? pasted.href : undefined),
    }));
  }, [profile, request, like]);
  if (encoded.length === 0) return null;
  return (
    <>
      {encoded.map(({ mapping, url, inexpressible: cannot, dropped = [] }) => {
        // What the URL cannot say, and what it did not carry from the customer's URL: said, never dropped silently.
        const inexpressible = [...cannot, ...dropped.map((name) => `${name} (in the customer's URL; the request sets it otherwise now)`)];
        return (
          <span key={mapping.name} className="storefront-copy">
            <CopyButton label={encoded.length > 1 ? `Storefront URL (${mapping.name})` : 'Storefront URL'} text={url} />
            {inexpressible.length > 0 ? (
              <span
                className="storefront-copy__warning"
                data-testid="storefront-inexpressible"
                title={`The ${mapping.name} URL leaves out: ${inexpressible.join('; ')}`}
              >
                <AlertTriangle size={13} aria-hidden="true" />
                <span className="visually-hidden">The storefront URL leaves out: {inexpressible.join('; ')}</span>
                leaves out {inexpressible.length}
              </span>
            ) : null}
          </span>
        );
      })}
    </>
  );
}
