import { CheckCircle2, Database, Loader2, PlugZap, RefreshCw, XCircle } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { CAUSE_LABELS, CAUSE_REMEDIES, type ProfileView } from '@shared/profiles';
import type { ConnectionStep, TokenStatusView } from '@shared/catalog';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { EmptyState } from '../../components/EmptyState';
import { useAppStore } from '../../store/store';
import { ExchangePanel } from '../../request-ui/ExchangePanel';
import { ProfilePicker } from '../../request-ui/ProfilePicker';
import { ServiceError } from '../../request-ui/ServiceError';
import { formatAgo, formatDuration, formatWhen } from '@shared/text';
import './catalog.css';

function TokenPanel({ token, fetchedAt }: { token: TokenStatusView; fetchedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = token.expiresInMs === null ? null : Math.max(0, token.expiresInMs - (now - fetchedAt));
  return (
    <table className="kv" data-testid="token-status">
      <tbody>
        <tr>
          <th>Cached</th>
          <td>
            {left !== null && left > 0 ? (
              <span className="badge">cached</span>
            ) : (
              <span className="badge badge--muted">{left === 0 ? 'expired' : 'none'}</span>
            )}
          </td>
        </tr>
        <tr>
          <th>Expires in</th>
          <td className="mono" data-testid="token-expires">
            {left === null ? '—' : formatDuration(left)}
          </td>
        </tr>
        <tr>
          <th>Last grant</th>
          <td>{token.lastGrantAt ? formatWhen(token.lastGrantAt) : 'never in this session'}</td>
        </tr>
        <tr>
          <th>Grants</th>
          <td>{token.grants}</td>
        </tr>
        <tr>
          <th>Auth method</th>
          <td>{token.authMethod === 'private-key' ? 'Signed JWT (private key)' : 'Client secret'}</td>
        </tr>
        <tr>
          <th>Client id</th>
          <td className="mono">{token.clientId || '—'}</td>
        </tr>
        <tr>
          <th>Token URL</th>
          <td className="mono">{token.tokenUrl || '—'}</td>
        </tr>
      </tbody>
    </table>
  );
}

function StepRow({ step }: { step: ConnectionStep }) {
  const [open, setOpen] = useState(!step.ok);
  return (
    <li className={`conn-step${step.ok ? ' is-ok' : ' is-bad'}`} data-testid={`step-${step.step}`}>
      <div className="conn-step__head">
        {step.ok ? <CheckCircle2 size={16} aria-hidden="true" /> : <XCircle size={16} aria-hidden="true" />}
        <strong>{step.step === 'token' ? 'Token grant' : 'Catalog call'}</strong>
        <span className="muted small">{Math.round(step.ms)} ms</span>
        {step.cause ? (
          <span className="badge badge--danger" data-testid="step-cause">
            {CAUSE_LABELS[step.cause]}
          </span>
        ) : null}
      </div>
      <p className="conn-step__message">{step.message}</p>
      {step.cause ? <p className="conn-step__remedy small">{CAUSE_REMEDIES[step.cause]}</p> : null}
      {step.exchange ? (
        <details open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
          <summary className="small">Exchange</summary>
          {open ? <ExchangePanel exchange={step.exchange} /> : null}
        </details>
      ) : null}
    </li>
  );
}

/** The active item catalog of a profile's tenant and environment, its schema, and the token behind the call. */
export default function CatalogScreen() {
  const profiles = useAppStore((s) => s.profiles);
  const loadProfiles = useAppStore((s) => s.loadProfiles);
  const [profileId, setProfileId] = useState<string | null>(null);
  useEffect(() => {
    if (!profiles) void loadProfiles();
  }, [profiles, loadProfiles]);
  if (!profiles) return <div className="screen-loading" role="status" aria-busy="true" aria-label="Loading" />;
  const id = profileId ?? profiles.activeId ?? null;
  const profile = profiles.profiles.find((p) => p.id === id);
  return (
    <div className="catalog-screen">
      {/* Keyed by the profile and its last change: a different or edited profile starts afresh. */}
      <CatalogView key={`${id}:${profile?.updatedAt ?? ''}`} profile={profile} onProfile={setProfileId} />
    </div>
  );
}

function CatalogView({ profile, onProfile }: { profile: ProfileView | undefined; onProfile: (id: string) => void }) {
  const setArea = useAppStore((s) => s.setArea);
  const id = profile?.id ?? null;
  const missing = profile
    ? [
        !profile.authUrl && 'identity server URL',
        !profile.itemsUrl && 'item-catalog URL',
        !profile.tenant && 'tenant',
        !profile.environment && 'environment',
        !profile.clientId && 'client id',
      ].filter((x): x is string => !!x)
    : [];
  const canRead = !!id && missing.length === 0;
  const state = useAppStore((s) => s.catalog);
  const { openCatalog, loadCatalog, testConnection } = useAppStore.getState();
  const [filter, setFilter] = useState('');
  const [only, setOnly] = useState<'all' | 'facetable' | 'sortable' | 'multi'>('all');
  useEffect(() => {
    if (id) openCatalog(id, canRead);
  }, [id, canRead, openCatalog]);

  const mine = state.profileId === id;
  const loading = mine ? state.active.status === 'sending' : canRead;
  // A failed read shows its error, not the catalog from before it.
  const catalog = mine && state.active.status !== 'error' ? state.active.result : null;
  const error = mine ? state.active.error : null;
  const token = mine ? state.token.result : null;
  const testing = mine && state.test.status === 'sending';
  const steps = mine && state.test.status !== 'sending' ? state.test.result : null;
  const testError = mine && state.test.status === 'error' ? state.test.error : null;
  const load = () => void loadCatalog();
  const test = () => (id ? testConnection(id) : Promise.resolve());

  const attributes = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (catalog?.view.attributes ?? []).filter(
      (a) =>
        (!q || a.name.toLowerCase().includes(q) || a.type.toLowerCase().includes(q)) &&
        (only === 'all' ||
          (only === 'facetable' && a.facetable) ||
          (only === 'sortable' && a.sortable) ||
          (only === 'multi' && a.multiValued)),
    );
  }, [catalog, filter, only]);

  return (
    <>
      <div className="catalog-toolbar">
        <ProfilePicker value={id} onChange={onProfile} />
        <Button
          onClick={load}
          disabled={loading || !canRead}
          icon={<RefreshCw size={14} aria-hidden="true" className={loading ? 'spin' : undefined} />}
        >
          Reload catalog
        </Button>
        <Button
          variant="primary"
          onClick={() => void test()}
          disabled={testing || !profile}
          icon={testing ? <Loader2 size={14} className="spin" aria-hidden="true" /> : <PlugZap size={14} aria-hidden="true" />}
        >
          Test connection
        </Button>
      </div>

      {missing.length > 0 ? (
        <EmptyState
          icon={Database}
          title="This profile cannot read the item catalog yet"
          actions={
            <Button variant="primary" onClick={() => setArea('profiles')}>
              Open Profiles
            </Button>
          }
        >
          <p>
            The item-catalog service needs a client-credentials token. Add the profile&apos;s <strong>{missing.join(', ')}</strong>, and a
            client secret or a key pair.
          </p>
        </EmptyState>
      ) : (
        <div className="catalog-layout">
          <div className="catalog-main">
            {error ? (
              <ServiceError error={error} title="The catalog could not be read" resend={false}>
                <p className="small">Test connection shows which step fails and why.</p>
              </ServiceError>
            ) : null}
            {loading && !catalog ? (
              <div className="progress" role="progressbar" aria-label="Loading the catalog">
                <Loader2 size={14} className="spin" aria-hidden="true" /> Reading the active catalog…
              </div>
            ) : null}
            {catalog ? (
              <>
                <section className="catalog-facts" aria-label="Active catalog">
                  <div className="fact">
                    <span className="fact__label">Catalog</span>
                    <span className="fact__value mono" data-testid="catalog-id" title={catalog.view.id}>
                      {catalog.view.id}
                    </span>
                  </div>
                  <div className="fact">
                    <span className="fact__label">Version</span>
                    <span className="fact__value mono">{catalog.view.version ?? '—'}</span>
                  </div>
                  <div className="fact">
                    <span className="fact__label">Items</span>
                    <span className="fact__value" data-testid="catalog-items">
                      {catalog.view.itemCount?.toLocaleString('en-US') ?? '—'}
                    </span>
                  </div>
                  <div className="fact">
                    <span className="fact__label">Updated</span>
                    <span className="fact__value" title={catalog.view.updatedAt ?? undefined}>
                      {catalog.view.updatedAt ? new Date(catalog.view.updatedAt).toLocaleDateString() : '—'}
                    </span>
                    {catalog.view.updatedAt ? <span className="fact__sub">{formatAgo(catalog.view.updatedAt)}</span> : null}
                  </div>
                  <div className="fact">
                    <span className="fact__label">Tenant · environment</span>
                    <span className="fact__value mono">
                      {profile?.tenant} · {profile?.environment}
                    </span>
                  </div>
                </section>
                <section className="schema" aria-label="Attribute schema">
                  <div className="schema__tools">
                    <h2 className="schema__title">
                      Attribute schema <span className="badge badge--muted">{catalog.view.attributes.length}</span>
                    </h2>
                    <input
                      className="input input--sm schema__filter"
                      type="search"
                      placeholder="Filter by name or type"
                      aria-label="Filter attributes"
                      value={filter}
                      onChange={(e) => setFilter(e.target.value)}
                    />
                    <select
                      className="input input--sm schema__only"
                      aria-label="Show"
                      value={only}
                      onChange={(e) => setOnly(e.target.value as typeof only)}
                    >
                      <option value="all">All attributes</option>
                      <option value="facetable">Facetable</option>
                      <option value="sortable">Sortable</option>
                      <option value="multi">Multi-valued</option>
                    </select>
                    <CopyButton label="Copy JSON" text={() => JSON.stringify(catalog.view.attributes, null, 2)} />
                  </div>
                  <div className="schema__scroll" tabIndex={0} role="region" aria-label="Attributes">
                    <table className="schema-table" data-testid="schema-table">
                      <thead>
                        <tr>
                          <th scope="col">Attribute</th>
                          <th scope="col">Type</th>
                          <th scope="col">Facetable</th>
                          <th scope="col">Sortable</th>
                          <th scope="col">Multi-valued</th>
                        </tr>
                      </thead>
                      <tbody>
                        {attributes.map((a) => (
                          <tr key={a.name}>
                            <th scope="row" className="mono">
                              {a.name}
                            </th>
                            <td className="mono">{a.type}</td>
                            <td>{a.facetable ? <span className="yes">yes</span> : <span className="no">no</span>}</td>
                            <td>{a.sortable ? <span className="yes">yes</span> : <span className="no">no</span>}</td>
                            <td>{a.multiValued ? <span className="yes">yes</span> : <span className="no">no</span>}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                    {attributes.length === 0 ? <p className="muted small schema__none">No attribute matches the filter.</p> : null}
                  </div>
                </section>
              </>
            ) : null}
          </div>
          <aside className="catalog-side" aria-label="Token and connection">
            <section className="side-card">
              <h2 className="side-card__title">Token</h2>
              {token ? <TokenPanel token={token.view} fetchedAt={token.at} /> : <p className="muted small">Reading the token status…</p>}
              <p className="muted small">The token itself never leaves the main process.</p>
            </section>
            <section className="side-card">
              <h2 className="side-card__title">Connection test</h2>
              {testError ? (
                <ServiceError error={testError} title="The connection test could not run" resend={false} />
              ) : steps ? (
                <ol className="conn-steps" aria-label="Connection test steps" data-testid="connection-steps">
                  {steps.map((s) => (
                    <StepRow key={s.step} step={s} />
                  ))}
                  {steps.length === 1 && !steps[0]?.ok ? (
                    <li className="conn-step is-skipped">
                      <div className="conn-step__head">
                        <span className="muted">Catalog call skipped: it needs a token.</span>
                      </div>
                    </li>
                  ) : null}
                </ol>
              ) : (
                <p className="muted small">
                  Runs a fresh token grant and a catalog call, and names the cause of a failure: wrong client id, bad secret, key not
                  registered, clock skew, rate limit.
                </p>
              )}
            </section>
          </aside>
        </div>
      )}
    </>
  );
}
