import { Pin, PinOff } from 'lucide-react';
import type { RequestDiagnostic } from '@shared/diagnostics';
import { parseFilter } from '@shared/filter';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import type { LanguageContext } from '../../editors/language-context';
import { useAppStore } from '../../store/store';
import { FilterField } from '../../request-ui/EditorFields';
import { ProfilePicker } from '../../request-ui/ProfilePicker';
import { VariablesField } from '../../request-ui/VariablesField';
import { configurationWarning } from '../../request-ui/configuration-warning';
import type { SideKey } from './compare-state';

/** One side of a comparison: its profile, token, configuration, filter and context variables. */
export function SideCard({ side, context, onPin }: { side: SideKey; context: LanguageContext; onPin?: () => void }) {
  const draft = useAppStore((s) => s.compare.sides[side]);
  const answer = useAppStore((s) => s.compare.answers[side]);
  const pinned = useAppStore((s) => side === 'a' && s.compare.pinnedA);
  const setSide = useAppStore((s) => s.setSide);
  const unpin = useAppStore((s) => s.unpin);
  const profiles = useAppStore((s) => s.profiles);
  const profile = profiles?.profiles.find((p) => p.id === (draft.profileId ?? profiles.activeId));
  const id = `side-${side}`;
  const filterProblems: RequestDiagnostic[] = draft.filter.trim()
    ? parseFilter(draft.filter).diagnostics.map((d) => ({ path: 'options.filter', severity: d.severity, code: d.code, message: d.message }))
    : [];
  const set = (patch: Parameters<typeof setSide>[1]) => setSide(side, patch);

  return (
    <section className={`side-card side-card--${side}${pinned ? ' is-pinned' : ''}`} aria-label={`Side ${side.toUpperCase()}`}>
      <header className="side-card__head">
        <span className={`side-tag side-tag--${side}`}>{side.toUpperCase()}</span>
        <label className="visually-hidden" htmlFor={`${id}-label`}>
          Side {side.toUpperCase()} label
        </label>
        <input
          id={`${id}-label`}
          className="input input--sm side-card__label"
          value={draft.label}
          onChange={(e) => set({ label: e.target.value })}
        />
        {pinned ? (
          <Button
            size="sm"
            variant="ghost"
            icon={<PinOff size={13} aria-hidden="true" />}
            onClick={unpin}
            title="Send side A again instead of using the pinned answer"
          >
            Unpin
          </Button>
        ) : onPin ? (
          <Button
            size="sm"
            variant="ghost"
            icon={<Pin size={13} aria-hidden="true" />}
            onClick={onPin}
            title="Use a past answer from the history as side A"
          >
            Pin from history
          </Button>
        ) : null}
      </header>
      {pinned && answer.source ? <p className="side-card__pinned small">Pinned answer from {answer.source}; only side B is sent.</p> : null}
      <div className="side-card__grid">
        <Field label="Profile">
          <ProfilePicker
            value={draft.profileId ?? profiles?.activeId ?? null}
            onChange={(pid) => set({ profileId: pid })}
            label={`Side ${side.toUpperCase()} profile`}
            hideLabel
          />
        </Field>
        <Field
          label="Configuration"
          htmlFor={`${id}-config`}
          hint={draft.configurationId ? undefined : 'tenant default'}
          diagnostics={configurationWarning(draft.configurationId, profile)}
        >
          <input
            id={`${id}-config`}
            className="input input--sm"
            list={`${id}-configs`}
            placeholder="tenant default"
            value={draft.configurationId}
            onChange={(e) => set({ configurationId: e.target.value })}
          />
          <datalist id={`${id}-configs`}>
            {(profile?.configurationIds ?? []).map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </Field>
        <Field
          label="Search token"
          htmlFor={`${id}-token`}
          hint={draft.token ? undefined : `the profile's: ${profile?.searchTokens[0]?.label ?? 'none'}`}
        >
          <input
            id={`${id}-token`}
            className="input input--sm mono"
            list={`${id}-tokens`}
            placeholder="the profile's token"
            value={draft.token}
            onChange={(e) => set({ token: e.target.value })}
          />
          <datalist id={`${id}-tokens`}>
            {(profile?.searchTokens ?? []).map((t) => (
              <option key={t.token} value={t.token} label={t.label} />
            ))}
          </datalist>
        </Field>
      </div>
      <div className="side-card__row">
        <Field label="Filter (this side only)">
          <FilterField
            modelId={`filter-compare-${side}`}
            value={draft.filter}
            onChange={(v) => set({ filter: v })}
            context={context}
            diagnostics={filterProblems}
            onFix={() => {}}
            placeholder="none (e.g. stock > 0)"
          />
        </Field>
        <Field label="Context variables (JSON)" htmlFor={`${id}-vars`}>
          <VariablesField id={`${id}-vars`} value={draft.variables} onChange={(v) => set({ variables: v })} />
        </Field>
      </div>
    </section>
  );
}
