import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { copyText } from './clipboard';

/** Copies text and says so for a moment. */
export function CopyButton({
  text,
  label = 'Copy',
  className,
}: {
  text: string | (() => string | Promise<string>);
  label?: string;
  className?: string;
}) {
  const [done, setDone] = useState<'idle' | 'ok' | 'failed'>('idle');
  return (
    <button
      type="button"
      className={`btn btn--ghost btn--sm${className ? ` ${className}` : ''}`}
      onClick={async () => {
        const value = typeof text === 'function' ? await text() : text;
        const ok = value !== '' && (await copyText(value));
        setDone(ok ? 'ok' : 'failed');
        setTimeout(() => setDone('idle'), 1500);
      }}
    >
      {done === 'ok' ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
      {done === 'ok' ? 'Copied' : done === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
