import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { WorkbenchError } from '@shared/ipc';
import type { ExchangeRecord } from '@shared/errors';
import { Button } from '../components/Button';
import { modKey } from '../shell/keys';
import './request.css';

export type RequestError = WorkbenchError & { exchange?: ExchangeRecord };

/** A failed request: what the service said, that the request is untouched, and the way to the exchange record. */
export function ServiceError({
  error,
  onShowExchange,
  title,
  children,
  resend = true,
}: {
  error: RequestError;
  onShowExchange?: () => void;
  title?: string;
  children?: ReactNode;
  /** Whether to say the request is untouched and can be sent again (not for screens that send nothing the user wrote). */
  resend?: boolean;
}) {
  const status = error.details?.status;
  return (
    <div className="result-error" role="alert" data-testid="result-error">
      <AlertCircle size={20} aria-hidden="true" />
      <div>
        <h3>
          {title ?? (status ? `The service answered ${status}` : error.code === 'timeout' ? 'No answer in time' : 'The request failed')}
        </h3>
        <p>{error.message}</p>
        {children}
        {resend ? <p className="muted small">Your request is left as it was; fix it and send again ({modKey()}+Enter).</p> : null}
        {error.exchange && onShowExchange ? (
          <Button size="sm" variant="ghost" onClick={onShowExchange}>
            Show the exchange
          </Button>
        ) : null}
      </div>
    </div>
  );
}
