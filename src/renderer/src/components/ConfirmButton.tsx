import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from './Button';

/**
 * An action that loses something (a file, an import's rows) on a second click: the first asks `question` with the
 * action and Keep beside it, so one slip never loses anything.
 */
export function ConfirmButton({
  label,
  ariaLabel,
  title,
  question,
  confirmLabel,
  disabled = false,
  onConfirm,
}: {
  /** The first button's text; none: an icon button named by `ariaLabel`. */
  label?: string;
  ariaLabel: string;
  title: string;
  question: ReactNode;
  confirmLabel: string;
  disabled?: boolean;
  onConfirm: () => Promise<unknown> | void;
}) {
  const [asking, setAsking] = useState(false);
  if (asking)
    return (
      <span className="confirm-button">
        <span className="small">{question}</span>
        <Button
          size="sm"
          variant="danger"
          disabled={disabled}
          onClick={() => void Promise.resolve(onConfirm()).then(() => setAsking(false))}
        >
          {confirmLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
          Keep
        </Button>
      </span>
    );
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={ariaLabel}
      title={title}
      icon={<Trash2 size={13} aria-hidden="true" />}
      disabled={disabled}
      onClick={() => setAsking(true)}
    >
      {label}
    </Button>
  );
}
