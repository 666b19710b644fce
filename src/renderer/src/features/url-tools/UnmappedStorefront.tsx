import { Plus, Store } from 'lucide-react';
import { presetMapping, STOREFRONT_PRESETS } from '@shared/storefront';
import { Button } from '../../components/Button';
import { useAppStore } from '../../store/store';

/**
 * A web page's URL that no profile's storefront mapping reads: offers a
 * mapping for that host, started from the preset it most looks like, on the
 * active profile (saved only when the user saves the profile).
 */
export function UnmappedStorefront({
  url,
  host,
  preset,
  text,
  onDone,
}: {
  url: string;
  host: string;
  preset: string;
  text: string;
  onDone: () => void;
}) {
  const active = useAppStore((s) => s.activeProfile());
  const presetName = STOREFRONT_PRESETS[preset]?.name ?? preset;
  return (
    <div className="foreign-host" role="alert" data-testid="unmapped-storefront">
      <p className="foreign-host__title">
        <Store size={15} aria-hidden="true" /> No storefront mapping reads URLs from <strong className="mono">{host}</strong>
      </p>
      <p className="small">
        This is not the search service&apos;s own URL, so it looks like a storefront page. A mapping says which of its parameters carry the
        query, page, sort and facets; it looks most like the {presetName} preset. Nothing has been sent. Once the mapping is saved, you come
        back here with this URL read through it.
      </p>
      {active ? (
        <div className="foreign-host__actions">
          <Button
            variant="primary"
            icon={<Plus size={14} aria-hidden="true" />}
            onClick={() => {
              const mapping = presetMapping(preset, host);
              if (!mapping) return;
              // The search page the URL is on: what the mapping reads, and where a request is written back.
              const path = new URL(url).pathname;
              if (path !== '/') mapping.path = path;
              // Saved, the profile brings the user back to this URL, read through the new mapping.
              useAppStore.getState().addMappingFor(text, active.id, { storefronts: [...active.storefronts, { ...mapping, name: host }] });
              onDone();
            }}
          >
            Add a {presetName} mapping for {host} to {active.name}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
