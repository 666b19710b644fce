import { ClipboardPaste } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { modKey } from '../../shell/keys';
import { PasteReadingView } from './PasteReadingView';
import { openImported, readPaste } from './use-import';

/**
 * Ctrl/Cmd+Shift+V anywhere: paste a customer's URL or a cURL command and get the exact request — read as you
 * type by the same reader, and shown the same way, as URL tools.
 */
export function PasteDialog({ onClose, initial }: { onClose: () => void; initial?: { text: string } }) {
  const [text, setText] = useState(initial?.text ?? '');
  const reading = useMemo(() => readPaste(text), [text]);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    area.current?.focus();
  }, []);
  // Open and send only what reads as a request for a profile: never while an error (or a question) shows.
  const sendable = reading.kind === 'request' && reading.destination.kind === 'profile' ? reading : null;
  const why =
    reading.kind === 'empty'
      ? 'Paste something first'
      : reading.kind === 'error'
        ? 'This cannot be sent: see the message above'
        : reading.kind === 'unmapped'
          ? 'Add a storefront mapping first: no profile reads this address yet'
          : !sendable
            ? 'Choose where it goes first: no profile has its address'
            : `${modKey()}+Enter`;
  const submit = () => {
    if (!sendable || sendable.destination.kind !== 'profile') return;
    openImported(sendable.imported, sendable.destination.profile, { matched: sendable.destination.matched });
    onClose();
  };
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
        rows={5}
        aria-label="URL, cURL or JSON"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div className="paste-dialog__reading">
        <PasteReadingView reading={reading} text={text} onDone={onClose} actions={false} />
      </div>
      <div className="dialog__actions">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="primary" onClick={submit} disabled={!sendable} title={why}>
          Open and send
        </Button>
      </div>
    </Dialog>
  );
}
