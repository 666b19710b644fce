import { KeyRound, ShieldAlert, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ProfileView, SecretKind } from '@shared/profiles';
import { useAppStore } from '../../store/store';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';

type Status = { level: 'ok' | 'error'; message: string } | null;

/**
 * Write-only secrets: the client secret and the private key go to main's
 * secret store and never come back. The inputs are uncontrolled and cleared
 * once stored, so the value lives in no React state and no store.
 */
export function CredentialsPanel({ profile }: { profile: ProfileView }) {
  const secretRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLTextAreaElement>(null);
  const op = useAppStore((s) => s.profileOps.credentials);
  const { setSecret, deleteSecret, generateKeyPair, clearProfileOp } = useAppStore.getState();
  // A check made here, before anything is sent (an empty field).
  const [local, setLocal] = useState<string | null>(null);
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const [showImport, setShowImport] = useState(false);
  // What another profile's credentials last said is not this one's.
  useEffect(() => clearProfileOp('credentials'), [profile.id, clearProfileOp]);
  const busy = op.status === 'sending';
  const status: Status = local
    ? { level: 'error', message: local }
    : op.status === 'error' && op.error
      ? { level: 'error', message: op.error.message }
      : op.status === 'done' && op.result
        ? { level: 'ok', message: op.result }
        : null;

  const store = async (kind: SecretKind, input: HTMLInputElement | HTMLTextAreaElement | null) => {
    const value = input?.value ?? '';
    if (!value.trim()) {
      clearProfileOp('credentials');
      setLocal(kind === 'client-secret' ? 'Type or paste the client secret first.' : 'Paste the private key first.');
      return;
    }
    setLocal(null);
    // The field is cleared at once: the value lives in no React state and no store.
    if (input) input.value = '';
    if ((await setSecret(profile.id, kind, value)) && kind === 'private-key') setShowImport(false);
  };

  const remove = (kind: SecretKind) => {
    setLocal(null);
    void deleteSecret(profile.id, kind);
  };

  const generate = () => {
    setLocal(null);
    setConfirmRegenerate(false);
    void generateKeyPair(profile.id, profile.builtIn);
  };

  const usesSecret = profile.authMethod === 'client-secret';
  const key = profile.publicKey;

  return (
    <div className="credentials">
      <div className={`cred-block${usesSecret ? ' is-current' : ''}`}>
        <div className="cred-block__head">
          <h3>Client secret</h3>
          <span className={`badge${profile.secrets.clientSecret ? '' : ' badge--muted'}`} data-testid="client-secret-state">
            {profile.secrets.clientSecret ? 'set' : 'not set'}
          </span>
          {usesSecret ? <span className="badge badge--muted">in use</span> : null}
        </div>
        <form
          className="cred-row"
          onSubmit={(e) => {
            e.preventDefault();
            void store('client-secret', secretRef.current);
          }}
        >
          <label className="visually-hidden" htmlFor={`secret-${profile.id}`}>
            Client secret
          </label>
          <input
            id={`secret-${profile.id}`}
            ref={secretRef}
            className="input input--sm mono"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={profile.secrets.clientSecret ? 'Type a new secret to replace the stored one' : 'Paste the client secret'}
          />
          <Button size="sm" type="submit" disabled={busy}>
            {profile.secrets.clientSecret ? 'Replace' : 'Set secret'}
          </Button>
          {profile.secrets.clientSecret ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => void remove('client-secret')}
              icon={<Trash2 size={13} aria-hidden="true" />}
            >
              Delete
            </Button>
          ) : null}
        </form>
      </div>

      <div className={`cred-block${!usesSecret ? ' is-current' : ''}`}>
        <div className="cred-block__head">
          <h3>Key pair (signed JWT)</h3>
          <span className={`badge${profile.secrets.privateKey ? '' : ' badge--muted'}`} data-testid="private-key-state">
            {profile.secrets.privateKey ? 'private key stored' : 'no private key'}
          </span>
          {!usesSecret ? <span className="badge badge--muted">in use</span> : null}
        </div>
        {key ? (
          <div className="public-key" data-testid="public-key">
            <div className="public-key__meta small">
              <span>
                kid <span className="mono">{key.kid}</span>
              </span>
              <span className="muted">created {new Date(key.createdAt).toLocaleString()}</span>
            </div>
            <pre className="code-block mono small" aria-label="Public key (PEM)" tabIndex={0}>
              {key.pem.trim()}
            </pre>
            <div className="public-key__actions">
              <CopyButton label="Copy PEM" text={key.pem} />
              <CopyButton label="Copy JWK" text={() => JSON.stringify(key.jwk, null, 2)} />
            </div>
          </div>
        ) : (
          <p className="muted small">
            Generate a key pair: the private key stays in the secret store; send the public key (PEM or JWK) to the operator.
          </p>
        )}
        <div className="cred-row">
          {confirmRegenerate ? (
            <>
              <span className="small">Replace the key pair? The operator must register the new public key.</span>
              <Button size="sm" variant="danger" onClick={() => void generate()} disabled={busy}>
                Replace key pair
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirmRegenerate(false)}>
                Keep
              </Button>
            </>
          ) : (
            <>
              <Button
                size="sm"
                onClick={() => (key || profile.secrets.privateKey ? setConfirmRegenerate(true) : void generate())}
                disabled={busy}
                icon={<KeyRound size={13} aria-hidden="true" />}
              >
                {key ? 'Generate a new key pair' : 'Generate key pair'}
              </Button>
              {!profile.builtIn ? (
                <Button size="sm" variant="ghost" onClick={() => setShowImport(!showImport)}>
                  Use my own private key…
                </Button>
              ) : null}
              {profile.secrets.privateKey && !profile.builtIn ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  onClick={() => void remove('private-key')}
                  icon={<Trash2 size={13} aria-hidden="true" />}
                >
                  Delete private key
                </Button>
              ) : null}
            </>
          )}
        </div>
        {showImport ? (
          <form
            className="key-import"
            onSubmit={(e) => {
              e.preventDefault();
              void store('private-key', keyRef.current);
            }}
          >
            <label className="small" htmlFor={`pkey-${profile.id}`}>
              RSA private key, PKCS#8 PEM (“-----BEGIN PRIVATE KEY-----”)
            </label>
            <textarea id={`pkey-${profile.id}`} ref={keyRef} className="input mono small" rows={4} spellCheck={false} autoComplete="off" />
            <Button size="sm" type="submit" disabled={busy}>
              Store private key
            </Button>
          </form>
        ) : null}
      </div>

      {status ? (
        <p
          className={`diag diag--${status.level === 'ok' ? 'info' : 'error'}`}
          role={status.level === 'error' ? 'alert' : 'status'}
          data-testid="credentials-status"
        >
          {status.level === 'error' ? <ShieldAlert size={13} aria-hidden="true" /> : null}
          {status.message}
        </p>
      ) : null}
    </div>
  );
}
