import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  decodeStorefrontUrl,
  mappingMatches,
  presetMapping,
  STOREFRONT_PRESETS,
  storefrontMappingSchema,
  type StorefrontMapping,
} from '@shared/storefront';
import { Button } from '../../components/Button';
import { CodeEditor } from '../../editors/CodeEditor';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** The text shown for a mapping: the user's own while it is being edited (or does not parse), else the mapping. */
function textFor(draft: string | undefined, mapping: unknown): string {
  if (draft === undefined) return pretty(mapping);
  try {
    return JSON.stringify(JSON.parse(draft)) === JSON.stringify(mapping) ? draft : pretty(mapping);
  } catch {
    return draft;
  }
}

/** One sample URL read with the mapping whose hosts and path it is on. */
function TesterResult({ line, mappings }: { line: string; mappings: StorefrontMapping[] }) {
  let url: URL;
  try {
    url = new URL(line.trim());
  } catch {
    return <li className="diag diag--error">{line}: not a URL (paste the whole address, https:// included).</li>;
  }
  const mapping = mappings.find((m) => mappingMatches(m, url));
  if (!mapping)
    return (
      <li className="diag diag--warning">
        {url.host}
        {url.pathname}: no mapping here lists this host and path.
      </li>
    );
  const decoded = decodeStorefrontUrl(mapping, url);
  return (
    <li className="storefront-test" data-testid="storefront-test">
      <div className="small">
        Read with <strong>{mapping.name}</strong>
      </div>
      <ol className="small mono">
        {decoded.steps.map((s, i) => (
          <li key={i}>{s.text}</li>
        ))}
      </ol>
      {decoded.unknown.length ? (
        <p className="diag diag--warning">Unknown, not sent: {decoded.unknown.map((u) => `${u.name}=${u.value}`).join(', ')}</p>
      ) : null}
      {decoded.notes.map((n, i) => (
        <p key={i} className="diag diag--info">
          {n}
        </p>
      ))}
      <pre className="code-block mono" tabIndex={0} aria-label="The request it becomes">
        {pretty(decoded.request)}
      </pre>
    </li>
  );
}

/**
 * The profile's storefront mappings as JSON (started from a preset), each
 * checked field by field, with a tester: paste sample URLs, see the request
 * each becomes and how.
 */
export function StorefrontMappings({
  idp,
  mappings,
  onChange,
  errors,
}: {
  idp: string;
  mappings: StorefrontMapping[];
  onChange: (next: StorefrontMapping[]) => void;
  /** The draft's findings by dotted path (storefronts.0.query.param …). */
  errors: Map<string, string>;
}) {
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [parseErrors, setParseErrors] = useState<Record<number, string>>({});
  const [samples, setSamples] = useState('');
  const valid = useMemo(
    () => mappings.map((m) => storefrontMappingSchema.safeParse(m)).flatMap((r) => (r.success ? [r.data] : [])),
    [mappings],
  );
  const lines = samples.split('\n').filter((l) => l.trim() !== '');

  const edit = (index: number, text: string) => {
    setDrafts((d) => ({ ...d, [index]: text }));
    try {
      const parsed = JSON.parse(text) as StorefrontMapping;
      setParseErrors((e) => ({ ...e, [index]: '' }));
      onChange(mappings.map((m, i) => (i === index ? parsed : m)));
    } catch (err) {
      setParseErrors((e) => ({ ...e, [index]: `Not JSON yet: ${(err as Error).message}. The mapping keeps its last readable form.` }));
    }
  };
  const remove = (index: number) => {
    setDrafts({});
    setParseErrors({});
    onChange(mappings.filter((_, i) => i !== index));
  };

  return (
    <div className="storefronts">
      {mappings.length === 0 ? (
        <p className="muted small">
          None. Add one from a preset to paste shoppers&apos; address-bar URLs as exact requests, and to copy requests as storefront URLs.
        </p>
      ) : null}
      {mappings.map((mapping, index) => {
        const found = [...errors].filter(([path]) => path.startsWith(`storefronts[${index}]`) || path.startsWith(`storefronts.${index}`));
        return (
          <div key={index} className="storefront-mapping">
            <div className="storefront-mapping__head">
              <strong>{typeof mapping?.name === 'string' && mapping.name ? mapping.name : `Mapping ${index + 1}`}</strong>
              <span className="muted small mono">{Array.isArray(mapping?.hosts) ? mapping.hosts.join(', ') : ''}</span>
              <Button size="sm" variant="ghost" icon={<Trash2 size={13} aria-hidden="true" />} onClick={() => remove(index)}>
                Remove
              </Button>
            </div>
            <CodeEditor
              path={`storefront-${idp}-${index}.json`}
              language="json"
              ariaLabel={`Storefront mapping ${index + 1} (JSON)`}
              value={textFor(drafts[index], mapping)}
              onChange={(text) => edit(index, text)}
              minLines={6}
              maxLines={30}
              testId={`storefront-mapping-${index}`}
            />
            {parseErrors[index] ? <p className="diag diag--warning">{parseErrors[index]}</p> : null}
            {found.map(([path, message]) => (
              <p key={path} className="diag diag--error" role="alert">
                {path}: {message}
              </p>
            ))}
          </div>
        );
      })}
      <div className="storefronts__add">
        <span className="small muted">Add a mapping from a preset:</span>
        {Object.entries(STOREFRONT_PRESETS).map(([id, preset]) => (
          <Button
            key={id}
            size="sm"
            variant="secondary"
            icon={<Plus size={13} aria-hidden="true" />}
            onClick={() => onChange([...mappings, presetMapping(id) as StorefrontMapping])}
          >
            {preset.name}
          </Button>
        ))}
      </div>
      {mappings.length > 0 ? (
        <div className="storefronts__tester">
          <label className="field__label" htmlFor={`${idp}-storefront-samples`}>
            Try sample URLs (one per line)
          </label>
          <textarea
            id={`${idp}-storefront-samples`}
            className="input mono"
            rows={3}
            placeholder={`e.g. https://${valid[0]?.hosts[0]?.replace(/^\*\./, '') ?? 'shop.example.com'}${valid[0]?.path || '/'}?${valid[0]?.query.param ?? 'q'}=red+dress`}
            value={samples}
            onChange={(e) => setSamples(e.target.value)}
          />
          {lines.length ? (
            <ul className="storefronts__results" aria-label="How each sample URL is read">
              {lines.map((line, i) => (
                <TesterResult key={i} line={line} mappings={valid} />
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
