import { Play, UserSearch } from 'lucide-react';
import { useState } from 'react';
import { type AbTest, assign, inVariation, outsideTestDays } from '@shared/abtest';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { useAppStore } from '../../store/store';
import { openImported, readPaste } from '../url-tools';
import { LabeledInput } from './AbTestEditor';

/**
 * Support's question — which variation did this customer get? — answered from their user or session id as the
 * storefront draws it; with their pasted URL, the search they saw, in their variation, to run as it was.
 */
export function VariationLookup({ test }: { test: AbTest }) {
  const [user, setUser] = useState('');
  const [url, setUrl] = useState('');
  const id = user.trim();
  const a = id ? assign(test, id) : null;
  const reading = url.trim() ? readPaste(url) : null;
  const active = useAppStore((s) => s.activeProfile());
  let reproduced: { text: string; run: () => void; notes: string[] } | { problem: string } | null = null;
  if (a && reading && reading.kind !== 'empty') {
    if (reading.kind === 'error') reproduced = { problem: reading.message };
    else if (reading.kind === 'unmapped')
      reproduced = {
        problem: `${reading.host} is a storefront page no profile's mapping reads yet: add a mapping (${reading.preset} looks closest) under URL tools, then paste it here again.`,
      };
    else if (reading.imported.kind !== 'search')
      reproduced = { problem: `This is a ${reading.imported.kind} request: the variation says what searches send.` };
    else {
      const { destination } = reading;
      const imported = reading.imported;
      const varied = inVariation(imported.request, a, test.id);
      const profile = destination.kind === 'profile' ? destination.profile : destination.active;
      const request = { ...imported, request: varied.request, notes: [...imported.notes, ...varied.notes] };
      reproduced = {
        // What the variation set, first: the rest of the request as the URL said it.
        text: JSON.stringify(
          {
            query: varied.request.query,
            configurationId: varied.request.configurationId,
            context: varied.request.context,
            ...varied.request,
          },
          null,
          2,
        ),
        notes: varied.notes,
        run: () => {
          if (profile) openImported(request, profile, { send: true, matched: destination.kind === 'profile' && destination.matched });
        },
      };
    }
  }
  return (
    <section className="abtest-section" aria-label="Which variation">
      <h4>
        <UserSearch size={14} aria-hidden="true" /> Which variation
      </h4>
      <div className="abtest-lookup__inputs">
        <LabeledInput
          label="User or session id"
          className="abtest-lookup__user"
          mono
          placeholder="the id the storefront buckets by (user id, else client id)"
          value={user}
          onChange={setUser}
        />
        <LabeledInput
          label="Customer URL"
          className="abtest-lookup__url"
          mono
          placeholder="the customer’s URL (optional): a storefront address, the API's GET URL or a devtools copy"
          value={url}
          onChange={setUrl}
        />
      </div>
      {a && outsideTestDays(test) ? (
        <p className="diag diag--warning" role="status" data-testid="abtest-outside-days">
          {outsideTestDays(test)}
        </p>
      ) : null}
      {a ? (
        <dl className="abtest-lookup__answer" data-testid="abtest-assignment">
          <div>
            <dt>Bucket</dt>
            <dd className="mono">{a.bucket}</dd>
          </div>
          <div>
            <dt>Variation</dt>
            <dd>
              <strong>{a.variationId}</strong>
              {a.variationId === test.variations[0]?.id ? <span className="badge badge--muted">control</span> : null}
            </dd>
          </div>
          <div>
            <dt>Configuration</dt>
            <dd className="mono">{a.configurationId ?? 'the tenant default'}</dd>
          </div>
          <div>
            <dt>Context variables</dt>
            <dd className="mono">
              {Object.keys(a.variables).length
                ? Object.entries(a.variables)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(', ')
                : 'none'}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="small muted">
          Enter the customer’s user id (or session id) to see their bucket (1–100) and variation, drawn as the storefront draws it:
          MurmurHash3 of <span className="mono">id#{test.id}</span>.
        </p>
      )}
      {reproduced && 'problem' in reproduced ? (
        <p className="diag diag--error" role="alert">
          {reproduced.problem}
        </p>
      ) : null}
      {reproduced && 'text' in reproduced ? (
        <div className="abtest-lookup__request" data-testid="abtest-reproduced">
          <div className="ws-form__row">
            <span className="small">The customer’s search, as their variation sends it:</span>
            <CopyButton label="Copy request" text={reproduced.text} />
            <Button
              size="sm"
              variant="primary"
              icon={<Play size={13} aria-hidden="true" />}
              disabled={!active}
              title="Open it in a Search tab and send it"
              onClick={reproduced.run}
            >
              Run as this customer
            </Button>
          </div>
          <ul className="small abtest-lookup__notes">
            {reproduced.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
          <pre className="mono abtest-lookup__json" tabIndex={0} aria-label="The reproduced request">
            {reproduced.text}
          </pre>
        </div>
      ) : null}
    </section>
  );
}
