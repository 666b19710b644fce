import { Plus, Store } from 'lucide-react';
import { presetMapping, STOREFRONT_PRESETS } from '@shared/storefront';
import { Button } from '../../components/Button';
import { useAppStore } from '../../store/store';

/**
 * A web page's URL that no profile's storefront mapping reads: offers a
 * mapping for that host, started from the preset it most looks like, on the
 * active profile (saved only when the user saves the profile).
 */
export function UnmappedStorefront({ host, preset, onDone }: { host: string; preset: string; onDone: () => void }) {
  const active = useAppStore((s) => s.activeProfile());
  const presetName = STOREFRONT_PRESETS[preset]?.name ?? preset;
  return (
    <div className="foreign-host" role="alert" data-testid="unmapped-storefront">
      <p className="foreign-host__title">
        <Store size={15} aria-hidden="true" /> No storefront mapping reads URLs from <strong className="mono">{host}</strong>
      </p>
      <p className="small">
        This is not the search service&apos;s own URL, so it looks like a storefront page. A mapping says which of its parameters carry the
        query, page, sort and facets; it looks most like the {presetName} preset. Nothing has been sent.
      </p>
      {active ? (
        <div className="foreign-host__actions">
          <Button
            variant="primary"
            icon={<Plus size={14} aria-hidden="true" />}
            onClick={() => {
              const mapping = presetMapping(preset, host);
              if (!mapping) return;
              useAppStore.getState().startProfile({ storefronts: [...active.storefronts, { ...mapping, name: host }] }, active.id);
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
