import { Monitor, Globe } from 'lucide-react';
import { useEffect } from 'react';
import { ProfilePicker } from '../request-ui/ProfilePicker';
import { useAppStore } from '../store/store';

/** Bottom bar: which profile requests go to (with its colour tag) and how the app is connected. */
export function StatusBar() {
  const info = useAppStore((s) => s.appInfo);
  const profiles = info?.profiles;
  const switchProfile = useAppStore((s) => s.switchProfile);
  const loaded = useAppStore((s) => s.profiles !== null);
  const loadProfiles = useAppStore((s) => s.loadProfiles);
  useEffect(() => {
    if (!loaded) void loadProfiles();
  }, [loaded, loadProfiles]);
  return (
    <footer className="status-bar" aria-label="Status">
      <div className="status-bar__group">
        <span className="status-chip" data-testid="active-profile" title="The profile requests go to; switch it here">
          <ProfilePicker value={profiles?.activeId ?? null} onChange={(id) => void switchProfile(id)} label="Active profile" compact />
        </span>
        {info?.localDemo.state === 'starting' ? <span className="status-bar__item">Starting Local demo…</span> : null}
        {info?.localDemo.state === 'failed' ? (
          <span className="status-bar__item status-bar__item--error">Local demo unavailable</span>
        ) : null}
      </div>
      <div className="status-bar__group">
        <span className="status-bar__item" data-testid="transport">
          {info?.transport === 'browser' ? <Globe size={12} aria-hidden="true" /> : <Monitor size={12} aria-hidden="true" />}
          {info?.transport === 'browser' ? 'Browser mode' : 'Desktop'}
        </span>
        <span className="status-bar__item">v{info?.version ?? '…'}</span>
      </div>
    </footer>
  );
}
