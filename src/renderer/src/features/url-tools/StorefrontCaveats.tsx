import type { StorefrontEncoded } from '@shared/storefront';

/**
 * What a storefront URL written from a request does not say as the request does: the parts the storefront cannot
 * express, the customer's parameters it carried over as they were, and those it left out (the request now sets
 * them otherwise, or not at all). Nothing is dropped silently.
 */
export function StorefrontCaveats({ encoded }: { encoded: StorefrontEncoded }) {
  return (
    <>
      {encoded.inexpressible.length ? (
        <p className="diag diag--warning">The storefront cannot express, so leaves out: {encoded.inexpressible.join('; ')}.</p>
      ) : null}
      {encoded.carried?.length ? (
        <p className="small muted" data-testid="storefront-carried">
          Kept as in the customer&apos;s URL: {encoded.carried.join(', ')}.
        </p>
      ) : null}
      {encoded.dropped?.length ? (
        <p className="diag diag--warning" data-testid="storefront-dropped">
          Not carried from the customer&apos;s URL (the request sets them otherwise now): {encoded.dropped.join(', ')}.
        </p>
      ) : null}
    </>
  );
}
