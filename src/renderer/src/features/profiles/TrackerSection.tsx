import { TRACKER_REGIONS, trackerAddress, type TrackerRegion } from '@shared/profiles';
import { Field } from '../../components/Field';
import { Segmented } from '../../components/Segmented';
import { Section } from '../../request-ui/Section';
import { type ProfileForm, TextField } from './profile-form';

const REGION_LABELS: Record<TrackerRegion, string> = { eu: 'EU', dev: 'Dev', ap1: 'AP1', ap2: 'AP2' };

/** The tracker shoppers' activities go to: its key, its region, or a collect address of its own. */
export function TrackerSection({ form: { draft, set, locked, errors, idp } }: { form: ProfileForm }) {
  const address = trackerAddress(draft);
  return (
    <Section title="Tracker" open={draft.trackerKey !== ''}>
      <div className="grid-2">
        <TextField
          id={`${idp}-trackerKey`}
          label="Tracker key"
          value={draft.trackerKey}
          onChange={(v) => set('trackerKey', v)}
          error={errors.get('trackerKey')}
          hint="From the console: the key shoppers' activities (views, clicks, purchases) are sent with."
          locked={locked('trackerKey')}
          mono
        />
        <Field
          label="Region"
          hint={draft.collectUrl ? 'Not used: the collect URL below decides.' : 'Where the official client sends activities.'}
        >
          <Segmented
            label="Tracker region"
            value={draft.trackerRegion}
            options={TRACKER_REGIONS.map((r) => ({ value: r, label: REGION_LABELS[r] }))}
            onChange={(v) => set('trackerRegion', v)}
            disabled={locked('collectUrl')}
          />
        </Field>
      </div>
      <TextField
        id={`${idp}-collectUrl`}
        label="Collect URL (optional)"
        value={draft.collectUrl}
        onChange={(v) => set('collectUrl', v)}
        error={errors.get('collectUrl')}
        hint="Instead of the region's address: a proxy, or an emulator's collect address."
        placeholder="e.g. https://collect.example.com"
        locked={locked('collectUrl')}
        mono
      />
      <TextField
        id={`${idp}-currency`}
        label="Currency (optional)"
        value={draft.currency}
        onChange={(v) => set('currency', v)}
        error={errors.get('currency')}
        hint="The currency the storefront sells in (ISO 4217, like EUR): revenue from shoppers is shown in it."
        placeholder="e.g. EUR"
        locked={locked('currency')}
        mono
      />
      <p className="small muted" data-testid="tracker-address">
        {address ? `Activities go to ${address}` : 'No tracker key: activities cannot be sent or read for this profile.'}
      </p>
    </Section>
  );
}
