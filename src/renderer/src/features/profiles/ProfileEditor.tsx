import { Copy, Download, Lock, Star, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PROFILE_COLORS, type ProfileFields, type ProfileView } from '@shared/profiles';
import { Button } from '../../components/Button';
import { downloadText } from '../../components/download';
import { CopyButton } from '../../components/CopyButton';
import { Field } from '../../components/Field';
import { Segmented } from '../../components/Segmented';
import { Section } from '../../request-ui/Section';
import { StorefrontMappings } from './StorefrontMappings';
import { CredentialsPanel } from './CredentialsPanel';
import { ListEditor } from './ListEditor';
import { draftErrors, MANAGED } from './profile-draft';
import { type ProfileForm, TextField } from './profile-form';
import { TrackerSection } from './TrackerSection';
import { TokensEditor } from './TokensEditor';

export interface ProfileEditorProps {
  /** The saved profile; undefined while a new one is being written. */
  profile: ProfileView | undefined;
  draft: ProfileFields;
  dirty: boolean;
  active: boolean;
  saveError: string | null;
  saving: boolean;
  onDraft: (fields: ProfileFields) => void;
  onSave: () => void;
  onRevert: () => void;
  onActivate: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onExport: () => Promise<string | null>;
}

/** Every field of one profile, its credentials, and what can be done with it. */
export function ProfileEditor(props: ProfileEditorProps) {
  const { profile, draft, onDraft } = props;
  const errors = useMemo(() => draftErrors(draft), [draft]);
  const builtIn = profile?.builtIn ?? false;
  const locked = (k: keyof ProfileFields) => builtIn && MANAGED.has(k);
  const set = <K extends keyof ProfileFields>(k: K, v: ProfileFields[K]) => onDraft({ ...draft, [k]: v });
  const idp = profile?.id ?? 'new';
  const form: ProfileForm = { draft, set, locked, errors, idp };

  return (
    <div className="profile-editor" aria-label={`Profile ${draft.name}`}>
      <ProfileHead {...props} />

      <div className="profile-editor__scroll">
        <Section title="Profile">
          <div className="grid-2">
            <TextField id={`${idp}-name`} label="Name" value={draft.name} onChange={(v) => set('name', v)} error={errors.get('name')} />
            <Field label="Colour tag" hint="Red for production is the convention: it shows in the status bar." htmlFor={`${idp}-color`}>
              <div className="swatches" role="radiogroup" aria-label="Colour tag">
                {PROFILE_COLORS.map((c) => (
                  <button
                    key={c}
                    type="button"
                    role="radio"
                    aria-checked={draft.color.toLowerCase() === c}
                    aria-label={c}
                    className={`swatch${draft.color.toLowerCase() === c ? ' is-selected' : ''}`}
                    style={{ background: c }}
                    onClick={() => set('color', c)}
                  />
                ))}
                <input
                  id={`${idp}-color`}
                  type="color"
                  className="swatch-custom"
                  value={draft.color}
                  onChange={(e) => set('color', e.target.value)}
                  aria-label="Custom colour"
                />
              </div>
            </Field>
          </div>
        </Section>

        <SearchServiceSection form={form} />

        <CatalogSection form={form} />

        <TrackerSection form={form} />

        <Section
          title={`Storefront URLs${draft.storefronts.length ? ` (${draft.storefronts.length})` : ''}`}
          open={draft.storefronts.length > 0}
        >
          <StorefrontMappings idp={idp} mappings={draft.storefronts} onChange={(v) => set('storefronts', v)} errors={errors} />
        </Section>

        <Section title="Credentials">
          {profile ? (
            <CredentialsPanel profile={profile} />
          ) : (
            <p className="muted small">Save the profile first; then set its client secret or generate a key pair.</p>
          )}
        </Section>
      </div>

      <SaveBar {...props} errors={errors.size} />
    </div>
  );
}

/** The profile's name and badges, and what can be done with it: use, duplicate, export, copy, delete (asked twice). */
function ProfileHead(props: ProfileEditorProps) {
  const { profile, draft, active } = props;
  const builtIn = profile?.builtIn ?? false;
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <div className="profile-editor__head">
      <span className="profile-editor__swatch" style={{ background: draft.color }} aria-hidden="true" />
      <h2 className="profile-editor__title">{draft.name || 'Unnamed profile'}</h2>
      {active ? <span className="badge">active</span> : null}
      {builtIn ? (
        <span className="badge badge--muted">
          <Lock size={10} aria-hidden="true" /> built in
        </span>
      ) : null}
      <div className="profile-editor__actions">
        {profile && !active ? (
          <Button size="sm" onClick={props.onActivate} icon={<Star size={13} aria-hidden="true" />}>
            Use this profile
          </Button>
        ) : null}
        {profile ? (
          <>
            <Button size="sm" variant="ghost" onClick={props.onDuplicate} icon={<Copy size={13} aria-hidden="true" />}>
              Duplicate
            </Button>
            <Button
              size="sm"
              variant="ghost"
              icon={<Download size={13} aria-hidden="true" />}
              onClick={() => void props.onExport().then((json) => json && downloadText(`${draft.name || 'profile'}.json`, json))}
              title="Save the profile as a JSON file, without any secret"
            >
              Export
            </Button>
            <CopyButton label="Copy as JSON" text={async () => (await props.onExport()) ?? ''} />
            {!builtIn ? (
              confirmDelete ? (
                <>
                  <Button size="sm" variant="danger" onClick={props.onDelete}>
                    Delete “{profile.name}” and its secrets
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(false)}>
                    Keep
                  </Button>
                </>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(true)} icon={<Trash2 size={13} aria-hidden="true" />}>
                  Delete
                </Button>
              )
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

/** Where searches go: the service address, the tenant's search tokens and storefront settings. */
function SearchServiceSection({ form: { draft, set, locked, errors, idp } }: { form: ProfileForm }) {
  return (
    <Section title="Search service">
      <TextField
        id={`${idp}-searchUrl`}
        label="Search base URL"
        value={draft.searchUrl}
        onChange={(v) => set('searchUrl', v)}
        error={errors.get('searchUrl')}
        placeholder="e.g. https://eu.search.example.com"
        locked={locked('searchUrl')}
        mono
      />
      <Field
        label="Search tokens"
        hint={
          locked('searchTokens')
            ? 'Local demo’s tokens, configurations and sortable attributes come from its service; duplicate the profile to change them.'
            : undefined
        }
      >
        <TokensEditor
          tokens={draft.searchTokens}
          onChange={(t) => set('searchTokens', t)}
          errors={errors}
          disabled={locked('searchTokens')}
        />
      </Field>
      <div className="grid-2">
        <Field
          label="Configuration ids"
          htmlFor={`${idp}-configs`}
          hint="Offered in every Configuration field; the tenant default needs none."
        >
          <ListEditor
            id={`${idp}-configs`}
            label="Configuration ids"
            values={draft.configurationIds}
            onChange={(v) => set('configurationIds', v)}
            placeholder="Add a configuration id"
            disabled={locked('configurationIds')}
          />
        </Field>
        <Field label="Sortable attributes" htmlFor={`${idp}-sortable`} hint="As registered in the console; sorting by others is an error.">
          <ListEditor
            id={`${idp}-sortable`}
            label="Sortable attributes"
            values={draft.sortableAttributes}
            onChange={(v) => set('sortableAttributes', v)}
            placeholder="Add an attribute"
            disabled={locked('sortableAttributes')}
          />
        </Field>
      </div>
    </Section>
  );
}

/** The item catalog and the identity server its tokens come from. */
function CatalogSection({ form: { draft, set, locked, errors, idp } }: { form: ProfileForm }) {
  return (
    <Section title="Item catalog and identity server">
      <div className="grid-2">
        <TextField
          id={`${idp}-authUrl`}
          label="Identity server URL"
          value={draft.authUrl}
          onChange={(v) => set('authUrl', v)}
          error={errors.get('authUrl')}
          placeholder="e.g. https://auth.example.com"
          locked={locked('authUrl')}
          mono
        />
        <TextField
          id={`${idp}-itemsUrl`}
          label="Item-catalog URL"
          value={draft.itemsUrl}
          onChange={(v) => set('itemsUrl', v)}
          error={errors.get('itemsUrl')}
          placeholder="e.g. https://items.example.com"
          locked={locked('itemsUrl')}
          mono
        />
        <TextField
          id={`${idp}-tenant`}
          label="Tenant"
          value={draft.tenant}
          onChange={(v) => set('tenant', v)}
          error={errors.get('tenant')}
          locked={locked('tenant')}
          mono
        />
        <TextField
          id={`${idp}-environment`}
          label="Environment"
          value={draft.environment}
          onChange={(v) => set('environment', v)}
          error={errors.get('environment')}
          placeholder="e.g. production"
          locked={locked('environment')}
          mono
        />
        <TextField
          id={`${idp}-clientId`}
          label="Client id"
          value={draft.clientId}
          onChange={(v) => set('clientId', v)}
          error={errors.get('clientId')}
          locked={locked('clientId')}
          mono
        />
        <Field
          label="Auth method"
          hint={locked('authMethod') ? 'Managed by the app for Local demo.' : 'How the token request proves who it is.'}
        >
          {locked('authMethod') ? (
            <span className="small">{draft.authMethod === 'private-key' ? 'Signed JWT (private key)' : 'Client secret'}</span>
          ) : (
            <Segmented
              label="Auth method"
              value={draft.authMethod}
              onChange={(v) => set('authMethod', v)}
              options={[
                { value: 'client-secret', label: 'Client secret' },
                { value: 'private-key', label: 'Signed JWT' },
              ]}
            />
          )}
        </Field>
        {draft.authMethod === 'private-key' ? (
          <Field
            label="Assertion audience"
            hint="Whom the signed JWT is addressed to (aud): the token endpoint, or the realm's issuer URL, which newer identity servers require."
          >
            <Segmented
              label="Assertion audience"
              value={draft.assertionAudience}
              onChange={(v) => set('assertionAudience', v)}
              options={[
                { value: 'token-endpoint', label: 'Token endpoint' },
                { value: 'issuer', label: 'Issuer' },
              ]}
            />
          </Field>
        ) : null}
      </div>
    </Section>
  );
}

/** The save bar: what is unsaved or wrong, revert, save. */
function SaveBar(props: ProfileEditorProps & { errors: number }) {
  const { profile, dirty, saveError, saving } = props;
  return (
    <div className={`profile-editor__bar${dirty ? ' is-dirty' : ''}`}>
      {saveError ? (
        <p className="diag diag--error" role="alert">
          {saveError}
        </p>
      ) : props.errors > 0 ? (
        <p className="diag diag--error">
          Fix {props.errors === 1 ? 'the field marked' : `the ${props.errors} fields marked`} above to save.
        </p>
      ) : (
        <span className="muted small">{dirty ? 'Unsaved changes.' : profile ? 'All changes saved.' : 'Not saved yet.'}</span>
      )}
      <div className="profile-editor__bar-actions">
        {dirty ? (
          <Button size="sm" variant="ghost" onClick={props.onRevert}>
            {profile ? 'Revert' : 'Discard'}
          </Button>
        ) : null}
        <Button size="sm" variant="primary" disabled={!dirty || props.errors > 0 || saving} onClick={props.onSave}>
          {profile ? 'Save' : 'Create profile'}
        </Button>
      </div>
    </div>
  );
}
