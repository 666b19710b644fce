import { useEffect } from 'react';
import { workbench } from './bridge';
import { AppShell } from './shell/AppShell';
import { useEffectiveTheme } from './shell/use-theme';
import { useAppStore } from './store/store';

export function App() {
  const boot = useAppStore((s) => s.boot);
  const ready = useAppStore((s) => s.appInfo !== null);
  const bootError = useAppStore((s) => s.bootError);
  const theme = useAppStore((s) => s.settings?.theme);
  const effective = useEffectiveTheme(theme);
  const setEffectiveTheme = useAppStore((s) => s.setEffectiveTheme);
  useEffect(() => setEffectiveTheme(effective), [effective, setEffectiveTheme]);

  useEffect(() => {
    const api = workbench();
    const offSettings = api.onSettingsChanged((settings) => useAppStore.getState().applySettings(settings));
    const offNotice = api.onAppNotice((notice) => useAppStore.getState().pushNotice(notice));
    // Batches run wherever they were started from (Compare, an experiment in Workspace): their progress is followed from any screen.
    const offBatch = api.onCompareProgress((update) => useAppStore.getState().applyBatchProgress(update));
    const offSuite = api.onAssertionsProgress((progress) => useAppStore.getState().applySuiteProgress(progress));
    const offExplain = api.onExplainProgress((progress) => useAppStore.getState().applyExplainProgress(progress));
    const offMatrix = api.onMatrixProgress((progress) => useAppStore.getState().applyMatrixProgress(progress));
    const offTraffic = api.onTrafficProgress((progress) => useAppStore.getState().applyTrafficProgress(progress));
    const offProfiles = api.onProfilesChanged(() => {
      const state = useAppStore.getState();
      void state.refreshInfo();
      if (state.profiles) void state.loadProfiles();
    });
    void boot();
    return () => {
      offSettings();
      offNotice();
      offBatch();
      offSuite();
      offExplain();
      offMatrix();
      offTraffic();
      offProfiles();
    };
  }, [boot]);

  useEffect(() => {
    document.documentElement.dataset.appState = bootError ? 'error' : ready ? 'ready' : 'loading';
  }, [ready, bootError]);

  if (bootError) {
    return (
      <div className="boot-error" role="alert">
        <h1>Search Workbench could not start</h1>
        <p>{bootError.message}</p>
      </div>
    );
  }
  if (!ready) return <div className="boot-splash" role="status" aria-busy="true" aria-label="Loading" />;
  return <AppShell />;
}
