import { EmptyState } from '../components/EmptyState';
import { areaById, type AreaId } from '../shell/areas';

const NEXT_STEP: Record<AreaId, string> = {
  search: 'Searching needs a profile to send requests to. Local demo will appear here once the embedded service is running.',
  compare: 'Pick two sides — two configurations, two profiles, or a pinned response — and send the same query to both.',
  suggest: 'Choose an attribute to group by and the values you want as groups, then send.',
  autocomplete: 'Start typing a query to see the suggestions shoppers would get.',
  'url-tools': 'Paste a search URL or a cURL command copied from a browser to see the exact request.',
  catalog: 'Choose a profile with a service account to read the active catalog and its attribute schema.',
  profiles: 'Add a profile for each environment you work with; Local demo needs no account.',
  settings: 'Choose the theme, request timeout, history size, extra certificates and the saved-requests folder.',
};

/** The honest first screen of an area that has nothing to show yet. */
export function AreaIntro({ area }: { area: AreaId }) {
  const a = areaById(area);
  return (
    <EmptyState icon={a.icon} title={`${a.label} — nothing here yet`}>
      <p>{a.purpose}</p>
      <p className="muted">{NEXT_STEP[area]}</p>
    </EmptyState>
  );
}
