import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { ProfileFields } from '@shared/profiles';
import { Button } from '../../components/Button';
import { readJsonFile } from '../../components/read-json-file';
import { FileImportButton } from '../../components/FileImportButton';
import { useAppStore } from '../../store/store';
import { blankFields, changedFields, fieldsOf, NEW_ID } from './profile-draft';
import { KeychainNotice } from './KeychainNotice';
import { ProfileEditor } from './ProfileEditor';
import './profiles.css';

/** Profiles: one per environment a user works with; secrets go to the OS keychain, write-only. */
export default function ProfilesScreen() {
  const list = useAppStore((s) => s.profiles);
  const ops = useAppStore((s) => s.profileOps);
  const { loadProfiles, switchProfile, pushNotice, clearProfileOp, createProfile, updateProfile, importProfile } = useAppStore.getState();
  const { duplicateProfile, deleteProfile, exportProfile } = useAppStore.getState();
  const [selected, setSelected] = useState<string | null>(null);
  // Drafts per profile survive switching between profiles: nothing typed is lost.
  const [drafts, setDrafts] = useState<Record<string, ProfileFields>>({});
  const [fileError, setFileError] = useState<string | null>(null);
  const saving = ops.save.status === 'sending';
  const saveError = ops.save.error?.message ?? ops.manage.error?.message ?? null;
  const importError = fileError ?? (ops.import.error ? ops.import.error.message : null);

  useEffect(() => {
    void loadProfiles();
  }, [loadProfiles]);
  // Sent here to create a profile for a pasted request's host: a new draft with its address filled in.
  useEffect(() => {
    const take = () => {
      const prefill = useAppStore.getState().takeProfilePrefill();
      if (!prefill) return;
      const all = useAppStore.getState().profiles?.profiles ?? [];
      const target = prefill.id ? all.find((p) => p.id === prefill.id) : undefined;
      const id = target ? target.id : NEW_ID;
      setDrafts((d) => ({ ...d, [id]: { ...(d[id] ?? (target ? fieldsOf(target) : blankFields(all.length))), ...prefill.fields } }));
      setSelected(id);
    };
    take();
    return useAppStore.subscribe((s, before) => {
      if (s.profilePrefill && s.profilePrefill !== before.profilePrefill) take();
    });
  }, []);
  const profiles = useMemo(() => list?.profiles ?? [], [list]);
  const currentId = selected ?? list?.activeId ?? profiles[0]?.id ?? null;
  const profile = profiles.find((p) => p.id === currentId);
  const saved = profile ? fieldsOf(profile) : null;
  const draft = currentId ? (drafts[currentId] ?? saved) : null;
  const dirty = !!draft && (currentId === NEW_ID || JSON.stringify(draft) !== JSON.stringify(saved));

  const dropDraft = (id: string) =>
    setDrafts((d) => {
      const { [id]: _dropped, ...rest } = d;
      return rest;
    });
  const select = (id: string) => {
    setSelected(id);
    clearProfileOp('save');
    clearProfileOp('manage');
  };

  const save = async () => {
    if (!draft || !currentId) return;
    const view =
      currentId === NEW_ID ? await createProfile(draft) : saved ? await updateProfile(currentId, changedFields(saved, draft)) : null;
    if (!view) return;
    dropDraft(currentId);
    setSelected(view.id);
    // Sent here from a pasted storefront URL to add its mapping: back to that URL, read through it.
    useAppStore.getState().backToPaste();
  };

  const importFile = async (file: File) => {
    setFileError(null);
    clearProfileOp('import');
    const read = await readJsonFile(file);
    if (!read.ok) return setFileError(read.message);
    const view = await importProfile(read.value);
    if (!view) {
      setFileError(`${file.name}: ${useAppStore.getState().profileOps.import.error?.message ?? 'not imported'}`);
      return;
    }
    select(view.id);
    pushNotice({
      id: `import:${view.id}`,
      level: 'info',
      message: useAppStore.getState().profileOps.import.result ?? `Imported “${view.name}”.`,
    });
  };

  if (!list) return <div className="screen-loading" role="status" aria-busy="true" aria-label="Loading" />;
  const store = list.secretStore;

  return (
    <div className="profiles-screen">
      <KeychainNotice store={store} />
      <div className="profiles-layout">
        <nav className="profile-list" aria-label="Profiles">
          <div className="profile-list__tools">
            <Button
              size="sm"
              variant="primary"
              icon={<Plus size={13} aria-hidden="true" />}
              onClick={() => {
                setDrafts((d) => ({ ...d, [NEW_ID]: d[NEW_ID] ?? blankFields(profiles.length) }));
                select(NEW_ID);
              }}
            >
              New profile
            </Button>
            <FileImportButton
              label="Import…"
              accept=".json,application/json"
              inputLabel="Import a profile file"
              testId="import-profile-file"
              onFile={(file) => void importFile(file)}
            />
          </div>
          {importError ? (
            <p className="diag diag--error profile-list__error" role="alert">
              {importError}
            </p>
          ) : null}
          <ul className="profile-list__items">
            {[
              ...profiles.map((p) => ({
                id: p.id,
                name: drafts[p.id]?.name ?? p.name,
                color: drafts[p.id]?.color ?? p.color,
                sub: [p.tenant, p.environment].filter(Boolean).join(' · ') || p.searchUrl,
              })),
              ...(drafts[NEW_ID] ? [{ id: NEW_ID, name: drafts[NEW_ID].name, color: drafts[NEW_ID].color, sub: 'not saved yet' }] : []),
            ].map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={`profile-item${p.id === currentId ? ' is-selected' : ''}`}
                  aria-current={p.id === currentId ? 'true' : undefined}
                  onClick={() => select(p.id)}
                >
                  <span className="profile-item__dot" style={{ background: p.color }} aria-hidden="true" />
                  <span className="profile-item__text">
                    <span className="profile-item__name">
                      {p.name}
                      {drafts[p.id] && p.id !== NEW_ID ? (
                        <span className="profile-item__dirty" title="Unsaved changes">
                          {' '}
                          •
                        </span>
                      ) : null}
                    </span>
                    <span className="profile-item__sub">{p.sub}</span>
                  </span>
                  {p.id === list.activeId ? <span className="badge">active</span> : null}
                </button>
              </li>
            ))}
          </ul>
          <p className="profile-list__store small muted">Secrets: {store.description}</p>
        </nav>

        {draft && currentId ? (
          <ProfileEditor
            key={currentId}
            profile={profile}
            draft={draft}
            dirty={dirty}
            active={currentId === list.activeId}
            saveError={saveError}
            saving={saving}
            onDraft={(fields) => setDrafts((d) => ({ ...d, [currentId]: fields }))}
            onSave={() => void save()}
            onRevert={() => {
              dropDraft(currentId);
              if (currentId === NEW_ID) setSelected(null);
            }}
            onActivate={() => void switchProfile(currentId)}
            onDuplicate={async () => {
              const copy = await duplicateProfile(currentId);
              if (copy) setSelected(copy.id);
            }}
            onDelete={async () => {
              const deleted = currentId;
              if (!(await deleteProfile(deleted))) return;
              dropDraft(deleted);
              // Only if it still shows the deleted one: a profile chosen while the deletion finished stays chosen.
              setSelected((s) => (s === deleted ? null : s));
            }}
            onExport={() => exportProfile(currentId)}
          />
        ) : (
          <p className="muted profiles-empty">Choose a profile on the left, or add one.</p>
        )}
      </div>
    </div>
  );
}
