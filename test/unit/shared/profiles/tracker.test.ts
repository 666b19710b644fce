import { describe, expect, it } from 'vitest';
import { profileFieldsSchema, trackerAddress } from '../../../../src/shared/profiles';

describe('a profile’s tracker', () => {
  const fields = (extra: object) =>
    profileFieldsSchema.parse({ name: 'p', color: '#10b981', searchUrl: 'https://s.example.com', ...extra });

  it('goes where the official client sends: collect-<region>.attraqt.io/<key>, http only for dev', () => {
    expect(trackerAddress(fields({ trackerKey: 'key-1' }))).toBe('https://collect-eu.attraqt.io/key-1');
    expect(trackerAddress(fields({ trackerKey: 'key-1', trackerRegion: 'ap2' }))).toBe('https://collect-ap2.attraqt.io/key-1');
    expect(trackerAddress(fields({ trackerKey: 'key-1', trackerRegion: 'dev' }))).toBe('http://collect-dev.attraqt.io/key-1');
  });

  it('a collect URL of its own wins over the region; no key, no address', () => {
    expect(trackerAddress(fields({ trackerKey: 'k', collectUrl: 'http://127.0.0.1:8787/collect/' }))).toBe(
      'http://127.0.0.1:8787/collect/k',
    );
    expect(trackerAddress(fields({}))).toBeNull();
  });

  it('a profile saved before the tracker reads with no key, region eu, no collect URL', () => {
    expect(fields({})).toMatchObject({ trackerKey: '', trackerRegion: 'eu', collectUrl: '' });
  });

  it('refuses a key that is not one, a region the client does not know and a collect URL that is not http(s), naming the field', () => {
    for (const [extra, path] of [
      [{ trackerKey: 'a/b' }, 'trackerKey'],
      [{ trackerRegion: 'us' }, 'trackerRegion'],
      [{ collectUrl: 'ftp://x' }, 'collectUrl'],
    ] as const) {
      const parsed = profileFieldsSchema.safeParse({ name: 'p', color: '#10b981', searchUrl: 'https://s.example.com', ...extra });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual([path]);
    }
  });
});
