import { ClipboardPaste } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { modKey } from '../../shell/keys';
import { ForeignHost } from './ForeignHost';
import { UnmappedStorefront } from './UnmappedStorefront';
import { importText, type ImportOutcome } from './use-import';

/** Ctrl/Cmd+Shift+V anywhere: paste a customer's URL or a cURL command and get the exact request. */
export function PasteDialog({ onClose, initial }: { onClose: () => void; initial?: { text: string; outcome: ImportOutcome } }) {
  const [text, setText] = useState(initial?.text ?? '');
  const [outcome, setOutcome] = useState<ImportOutcome | null>(initial?.outcome ?? null);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    area.current?.focus();
  }, []);
  const submit = () => {
    const result = importText(text);
    if (result.ok === true) onClose();
    else setOutcome(result);
  };
  const error = outcome && outcome.ok === false ? outcome.message : null;
  return (
    <Dialog onClose={onClose} labelledBy="paste-title">
      <h2 id="paste-title">
        <ClipboardPaste size={16} aria-hidden="true" /> Open a pasted request
      </h2>
      <p className="muted small">
        A search URL from a customer&apos;s browser (…/search/&lt;token&gt;?encoded=…), a shopper&apos;s storefront address-bar URL, a cURL
        command copied from devtools, or a JSON request body.
      </p>
      <textarea
        ref={area}
        className="input mono"
        rows={6}
        aria-label="URL, cURL or JSON"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOutcome(null);
        }}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
      />
      {error ? (
        <p className="diag diag--error" role="alert">
          {error}
        </p>
      ) : null}
      {outcome?.ok === 'ask' ? <ForeignHost imported={outcome.imported} destination={outcome.destination} onDone={onClose} /> : null}
      {outcome?.ok === 'unmapped' ? <UnmappedStorefront host={outcome.host} preset={outcome.preset} onDone={onClose} /> : null}
      <div className="dialog__actions">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="primary"
          onClick={submit}
          disabled={text.trim() === '' || outcome?.ok === 'ask' || outcome?.ok === 'unmapped'}
          title={`${modKey()}+Enter`}
        >
          Open and send
        </Button>
      </div>
    </Dialog>
  );
}
