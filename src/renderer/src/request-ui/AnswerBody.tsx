import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ExchangeRecord } from '@shared/errors';
import { Segmented } from '../components/Segmented';
import { CodeEditor } from '../editors/CodeEditor';
import { ExchangePanel } from './ExchangePanel';
import './request.css';

import type { AnswerPanel } from './panels';

export type { AnswerPanel } from './panels';

/** The body of an answer pane: the screen's own view, the raw JSON (read-only Monaco, folded), or the exchange record. */
export function AnswerBody({
  panel,
  id,
  rawJson,
  exchange,
  children,
}: {
  panel: AnswerPanel;
  /** Names the read-only model, one per screen or tab. */
  id: string;
  rawJson: string | null;
  exchange: ExchangeRecord | undefined;
  children: ReactNode;
}) {
  if (panel === 'raw' && rawJson !== null)
    return (
      <CodeEditor
        path={`response-${id}.json`}
        language="json"
        ariaLabel="Raw response (read-only)"
        value={rawJson}
        readOnly
        minLines={20}
        maxLines={40}
        onMount={(editor) => void editor.getAction('editor.foldLevel3')?.run()}
      />
    );
  if (panel === 'exchange' && exchange) return <ExchangePanel exchange={exchange} />;
  return <>{children}</>;
}

/** Switches an answer pane between the screen's own view, the raw response and the exchange record. */
export function PanelSwitch({
  value,
  onChange,
  resultsLabel,
}: {
  value: AnswerPanel;
  onChange: (panel: AnswerPanel) => void;
  resultsLabel: string;
}) {
  return (
    <Segmented
      label="Panel"
      value={value}
      onChange={onChange}
      options={[
        { value: 'results', label: resultsLabel },
        { value: 'raw', label: 'Raw response' },
        { value: 'exchange', label: 'Exchange' },
      ]}
    />
  );
}

/** The thin bar over an answer pane while its request is in flight. */
export function SendingProgress({ sending }: { sending: boolean }) {
  return sending ? (
    <div className="progress" role="progressbar" aria-label="Sending">
      <Loader2 size={14} className="spin" aria-hidden="true" /> Sending…
    </div>
  ) : null;
}
