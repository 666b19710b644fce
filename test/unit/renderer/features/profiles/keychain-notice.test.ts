import { describe, expect, it } from 'vitest';
import { keychainAdvice } from '../../../../../src/renderer/src/features/profiles/KeychainNotice';

describe('what the keychain notice tells the user to do', () => {
  it('names what to install or unlock on each platform, without the library’s jargon', () => {
    expect(keychainAdvice('Linux x86_64')).toMatch(/GNOME Keyring .*KWallet/);
    expect(keychainAdvice('MacIntel')).toMatch(/Keychain Access/);
    expect(keychainAdvice('Win32')).toMatch(/Credential Manager/);
    for (const platform of ['Linux x86_64', 'MacIntel', 'Win32'])
      expect(keychainAdvice(platform)).not.toMatch(/D-Bus|DBUS|keytar|libsecret/i);
  });
});
