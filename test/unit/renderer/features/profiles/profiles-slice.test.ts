import { describe, expect, it } from 'vitest';
import { blankFields, changedFields, draftErrors, fieldsOf } from '../../../../../src/renderer/src/features/profiles/profile-draft';
import { LOCAL_DEMO_ID } from '../../../../../src/shared/profiles';
import { appForSuite } from '../../app-under-test';

describe('profile drafts', () => {
  it('sends only the fields that changed, and checks a draft with the schema main uses', () => {
    const before = { ...blankFields(0), name: 'Staging', searchUrl: 'https://staging.example.com' };
    expect(changedFields(before, { ...before, name: 'Staging EU' })).toEqual({ name: 'Staging EU' });
    expect(changedFields(before, before)).toEqual({});
    expect(blankFields(1).color).not.toBe(blankFields(0).color);
    expect(draftErrors({ ...before, searchUrl: 'not a url' }).get('searchUrl')).toMatch(/http/);
    expect(draftErrors(before).size).toBe(0);
  });
});

describe('profiles: the slice against main', () => {
  const app = appForSuite();

  it('creates, updates, duplicates, exports and deletes, each reported by its own op', async () => {
    const created = await app.state().createProfile({ ...blankFields(1), name: 'Staging', searchUrl: 'https://staging.example.com' });
    expect(created?.name).toBe('Staging');
    expect(app.state().profileOps.save).toMatchObject({ status: 'done', result: 'Created “Staging”.' });
    expect(app.state().profiles?.profiles.some((p) => p.id === created!.id)).toBe(true);

    const updated = await app.state().updateProfile(created!.id, { name: 'Staging EU' });
    expect(updated?.name).toBe('Staging EU');

    const copy = await app.state().duplicateProfile(created!.id);
    expect(copy?.name).toMatch(/Staging EU/);
    const exported = await app.state().exportProfile(created!.id);
    expect(JSON.parse(exported!)).toMatchObject({ profile: { name: 'Staging EU' } });
    expect(await app.state().deleteProfile(copy!.id)).toBe(true);
    expect(app.state().profiles?.profiles.some((p) => p.id === copy!.id)).toBe(false);
  });

  it('a refused change keeps its error on its op, and nothing else changes', async () => {
    const before = app.state().profiles!.profiles.length;
    expect(await app.state().createProfile({ ...blankFields(0), searchUrl: 'not a url' })).toBeNull();
    expect(app.state().profileOps.save.error?.message).toMatch(/searchUrl/);
    expect(app.state().profiles!.profiles.length).toBe(before);
    expect(await app.state().deleteProfile(LOCAL_DEMO_ID)).toBe(false);
    expect(app.state().profileOps.manage.error?.message).toMatch(/Local demo/);
    app.state().clearProfileOp('manage');
    expect(app.state().profileOps.manage.status).toBe('idle');
  });

  it('stores and deletes a secret without keeping it anywhere in the store', async () => {
    const id = app.state().profiles!.profiles.find((p) => p.name === 'Staging EU')!.id;
    const secret = 'renderer-slice-secret-value-7f3a';
    expect(await app.state().setSecret(id, 'client-secret', secret)).toBe(true);
    expect(app.state().profiles!.profiles.find((p) => p.id === id)!.secrets.clientSecret).toBe(true);
    expect(JSON.stringify(app.state())).not.toContain(secret);
    expect(await app.state().deleteSecret(id, 'client-secret')).toBe(true);
    expect(app.state().profileOps.credentials.result).toBe('Client secret deleted.');
  });

  it('switches the active profile, and reads a profile for the editor', async () => {
    const other = app.state().profiles!.profiles.find((p) => p.id !== LOCAL_DEMO_ID)!;
    await app.state().switchProfile(other.id);
    expect(app.state().activeProfile()?.id).toBe(other.id);
    expect(fieldsOf(app.state().activeProfile()!).name).toBe(other.name);
    await app.state().switchProfile(LOCAL_DEMO_ID);
  });
});
