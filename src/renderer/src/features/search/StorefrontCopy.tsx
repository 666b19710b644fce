import { AlertTriangle } from 'lucide-react';
import { useMemo } from 'react';
import type { ProfileView } from '@shared/profiles';
import type { SearchRequest } from '@shared/request/types';
import { storefrontUrlOf } from '@shared/storefront';
import { CopyButton } from '../../components/CopyButton';

/**
 * "Copy as storefront URL": the request as the shopper would see it on each
 * storefront the profile maps, and what that URL cannot say.
 */
export function StorefrontCopy({ profile, request }: { profile: ProfileView | undefined; request: SearchRequest }) {
  const encoded = useMemo(
    () => (profile?.storefronts ?? []).map((mapping) => ({ mapping, ...storefrontUrlOf(mapping, request) })),
    [profile, request],
  );
  if (encoded.length === 0) return null;
  return (
    <>
      {encoded.map(({ mapping, url, inexpressible }) => (
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
      ))}
    </>
  );
}
