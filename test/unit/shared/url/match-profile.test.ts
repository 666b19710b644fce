import { describe, expect, it } from 'vitest';
import { hostOf, profileForBaseUrl } from '../../../../src/shared/url/match-profile';

const profiles = [
  { id: 'demo', name: 'Local demo', searchUrl: 'http://127.0.0.1:47800' },
  { id: 'eu', name: 'EU production', searchUrl: 'https://search.example.com/' },
  { id: 'eu-api', name: 'EU behind the gateway', searchUrl: 'https://search.example.com/gateway/v2' },
  { id: 'staging', name: 'Staging', searchUrl: 'https://staging.example.com:8443' },
];

describe('a pasted request finds the profile it was meant for', () => {
  it('matches scheme, host and port, ignoring case and a trailing slash', () => {
    expect(profileForBaseUrl(profiles, 'https://SEARCH.example.com')?.id).toBe('eu');
    expect(profileForBaseUrl(profiles, 'https://search.example.com:443')?.id).toBe('eu');
    expect(profileForBaseUrl(profiles, 'https://staging.example.com:8443/')?.id).toBe('staging');
  });
  it('prefers the profile with the longest matching path', () => {
    expect(profileForBaseUrl(profiles, 'https://search.example.com/gateway/v2')?.id).toBe('eu-api');
    expect(profileForBaseUrl(profiles, 'https://search.example.com/gateway/v22')?.id).toBe('eu');
  });
  it('treats the loopback names as one host', () => {
    expect(profileForBaseUrl(profiles, 'http://localhost:47800')?.id).toBe('demo');
    expect(profileForBaseUrl(profiles, 'http://localhost:47801')).toBeNull();
  });
  it('matches nothing for another scheme, host or port, or for what is not a URL', () => {
    expect(profileForBaseUrl(profiles, 'http://search.example.com')).toBeNull();
    expect(profileForBaseUrl(profiles, 'https://staging.example.com')).toBeNull();
    expect(profileForBaseUrl(profiles, 'https://shop.example.org')).toBeNull();
    expect(profileForBaseUrl(profiles, 'not a url')).toBeNull();
    expect(profileForBaseUrl([{ id: 'x', name: 'x', searchUrl: '' }], 'https://a.b')).toBeNull();
  });
  it('names the host for messages', () => {
    expect(hostOf('https://staging.example.com:8443/x')).toBe('staging.example.com:8443');
  });
});
