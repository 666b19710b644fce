import { Plus, Send, ServerCrash } from 'lucide-react';
import type { ImportedRequest } from '@shared/request';
import { Button } from '../../components/Button';
import { useAppStore } from '../../store/store';
import { openImported, type Destination } from './use-import';

/**
 * Asked before anything is sent when a pasted request's address is no
 * profile's: send it to the active profile anyway (named), or create a
 * profile for that host with the address and token filled in.
 */
export function ForeignHost({
  imported,
  destination,
  onDone,
  send = true,
}: {
  imported: ImportedRequest;
  destination: Extract<Destination, { kind: 'ask' }>;
  onDone: () => void;
  send?: boolean;
}) {
  const { host, baseUrl, active } = destination;
  const token = 'token' in imported.request && typeof imported.request.token === 'string' ? imported.request.token : '';
  return (
    <div className="foreign-host" role="alert" data-testid="foreign-host">
      <p className="foreign-host__title">
        <ServerCrash size={15} aria-hidden="true" /> No profile has the address <strong className="mono">{host}</strong>
      </p>
      <p className="small">
        This request was made against <span className="mono">{baseUrl}</span>. Nothing has been sent.
        {active ? (
          <>
            {' '}
            The active profile, {active.name}, is at <span className="mono">{active.searchUrl}</span>.
          </>
        ) : null}
      </p>
      <div className="foreign-host__actions">
        {active ? (
          <Button
            variant="secondary"
            icon={<Send size={14} aria-hidden="true" />}
            onClick={() => {
              openImported(imported, active, { send });
              onDone();
            }}
          >
            {send ? 'Send' : 'Open'} to {active.name} anyway
          </Button>
        ) : null}
        <Button
          variant="primary"
          icon={<Plus size={14} aria-hidden="true" />}
          onClick={() => {
            useAppStore.getState().startProfile({
              name: host,
              searchUrl: baseUrl,
              ...(token ? { searchTokens: [{ label: 'pasted', token }] } : {}),
            });
            onDone();
          }}
        >
          Create a profile for {host}
        </Button>
      </div>
    </div>
  );
}
