import { Split } from 'lucide-react';
import { KindCard, useFolderListing } from '../../components/KindCard';
import { AbTestPanel } from './AbTestPanel';
import { AbTestActions, NewAbTestButton } from './AbTestsCard';

/**
 * Tests: the storefront's A/B tests — the workspace's test files first (New, Open, Edit), then what opens: which
 * variation a customer got, the readout from the traffic, the planner, or the editor.
 */
export default function TestsScreen() {
  const listing = useFolderListing();
  const items = listing.result?.items['ab-tests'];
  return (
    <div className="card-screen tests-screen">
      {listing.status === 'error' && listing.error ? (
        <p className="diag diag--error" role="alert">
          The workspace could not be read: {listing.error.message}
        </p>
      ) : null}
      {items ? (
        <KindCard
          kind="ab-tests"
          icon={<Split size={16} aria-hidden="true" />}
          items={items}
          empty="No A/B test yet: add the storefront's test (its id, variations and weights) with New to find which variation a customer got and read it from the traffic."
          tools={<NewAbTestButton />}
          actions={(item) => <AbTestActions file={item.file} name={item.name} />}
        />
      ) : listing.status !== 'error' ? (
        <div className="screen-loading" role="status" aria-busy="true" aria-label="Loading" />
      ) : null}
      <AbTestPanel />
    </div>
  );
}
