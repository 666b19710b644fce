import { ShieldAlert, X } from 'lucide-react';
import { useState } from 'react';
import type { SecretStoreInfo } from '@shared/profiles';

const DISMISSED_KEY = 'search-workbench:keychain-notice-dismissed';

/** What to install or unlock, in plain words, for the machine the window runs on. */
export function keychainAdvice(platform: string): string {
  if (/mac/i.test(platform)) return 'Open Keychain Access and make sure the login keychain is unlocked, then restart Search Workbench.';
  if (/win/i.test(platform))
    return 'Windows Credential Manager did not answer: sign in to Windows normally (not a guest session), then restart Search Workbench.';
  return 'Install a keyring — GNOME Keyring (package gnome-keyring) or KWallet — and unlock it (most desktops do this when you log in), then restart Search Workbench.';
}

function dismissedFor(): string | null {
  try {
    return globalThis.localStorage?.getItem(DISMISSED_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The one notice that secrets are kept in memory only: plain words, what to
 * do, the technical reason folded away for whoever supports the user.
 * Dismissed, it stays away until the situation changes (another reason).
 */
export function KeychainNotice({ store }: { store: SecretStoreInfo }) {
  const [dismissed, setDismissed] = useState(dismissedFor);
  const situation = `${store.backend}: ${store.reason ?? store.description}`;
  if (store.persistent || dismissed === situation) return null;
  const dismiss = () => {
    try {
      globalThis.localStorage?.setItem(DISMISSED_KEY, situation);
    } catch {
      // Storage refused: dismissed for this window only.
    }
    setDismissed(situation);
  };
  return (
    <div className="memory-banner" role="status" data-testid="memory-only-banner">
      <ShieldAlert size={16} aria-hidden="true" />
      <div className="memory-banner__text">
        <p>
          <strong>Secrets will not survive a restart.</strong> This computer&apos;s keychain did not answer, so client secrets and private
          keys you enter are kept in memory for this session only. {keychainAdvice(globalThis.navigator?.platform ?? '')}
        </p>
        <details>
          <summary className="small">Technical detail</summary>
          <p className="mono small">{store.reason ?? store.description}</p>
        </details>
      </div>
      <button type="button" className="icon-button" aria-label="Dismiss the keychain notice" title="Dismiss" onClick={dismiss}>
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  );
}
