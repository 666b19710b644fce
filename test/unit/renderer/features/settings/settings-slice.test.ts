import { describe, expect, it } from 'vitest';
import { fieldOfPurpose } from '../../../../../src/renderer/src/features/settings/settings-slice';
import { appForSuite } from '../../app-under-test';

describe('settings: the slice against main', () => {
  const app = appForSuite();

  it('saves a field, applies the settings main returns, and confirms', async () => {
    expect(await app.state().saveSetting('historySize', { historySize: 50 }, 'Saved.')).toBe(true);
    expect(app.state().settings?.historySize).toBe(50);
    expect(app.state().settingSaves.historySize).toMatchObject({ status: 'done', result: 'Saved.' });
  });

  it('refuses an out-of-range value before anything is sent, naming why', async () => {
    expect(await app.state().saveSetting('requestTimeoutMs', { requestTimeoutMs: 5 }, 'Saved.')).toBe(false);
    expect(app.state().settingSaves.requestTimeoutMs?.error?.message).toMatch(/^Not saved: /);
    expect(app.state().settings?.requestTimeoutMs).not.toBe(5);
  });

  it('passes on main’s refusal of a CA file that is not a certificate', async () => {
    expect(await app.state().saveSetting('extraCaCertificates', { extraCaCertificates: ['/no/such/file.pem'] }, 'Trusted.')).toBe(false);
    expect(app.state().settingSaves.extraCaCertificates?.error?.message).toMatch(/file\.pem/);
    app.state().rejectSetting('extraCaCertificates', 'already in the list');
    expect(app.state().settingSaves.extraCaCertificates?.error?.message).toBe('already in the list');
  });

  it('has no native picker in browser mode, and says so on the field', async () => {
    expect(await app.state().choosePath('ca-certificate')).toBeNull();
    expect(app.state().pathChoices['ca-certificate']?.error?.message).toMatch(/desktop app/);
    expect(fieldOfPurpose('workspace-folder')).toBe('workspaceDir');
  });

  it('switches the theme at once and keeps it in main', async () => {
    await app.state().setTheme('light');
    expect(app.state().settings?.theme).toBe('light');
    const fromMain = await app.api.settings.get();
    expect(fromMain.ok && fromMain.value.theme).toBe('light');
  });
});
