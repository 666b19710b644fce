import { Play, Square } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/Button';
import { modKey } from '../shell/keys';
import './request.css';

/** The query input with Send (Enter, Ctrl/Cmd+Enter) or, while a request is in flight, Cancel (Esc). */
export function QueryBar({
  id,
  value,
  onChange,
  onSend,
  onCancel,
  sending,
  placeholder,
  children,
}: {
  id: string;
  value: string;
  onChange: (query: string) => void;
  onSend: () => void;
  onCancel: () => void;
  sending: boolean;
  placeholder: string;
  /** Controls between the input and the button (the transport switch). */
  children?: ReactNode;
}) {
  return (
    <div className="query-bar">
      <label className="visually-hidden" htmlFor={id}>
        Query
      </label>
      <input
        id={id}
        className="input input--lg query-bar__input"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onSend();
          }
        }}
      />
      {children}
      {sending ? (
        <Button variant="danger" icon={<Square size={14} aria-hidden="true" />} onClick={onCancel} title="Cancel (Esc)">
          Cancel
        </Button>
      ) : (
        <Button variant="primary" icon={<Play size={14} aria-hidden="true" />} onClick={onSend} title={`Send (${modKey()}+Enter)`}>
          Send
        </Button>
      )}
    </div>
  );
}
