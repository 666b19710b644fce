import { ArrowLeft, Download, ShoppingCart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { differencesLine, sideDifferences, type BatchHead as Head } from '@shared/compare';
import { Button } from '../../components/Button';
import { downloadText } from '../../components/download';
import { useAppStore } from '../../store/store';

/** The reports a batch exports, as their buttons say. */
const EXPORTS = [
  ['html', 'HTML report'],
  ['csv', 'CSV'],
  ['json', 'JSON'],
] as const;

/** A batch's head: back to the list, its name and sides, its reports, and delete (asked twice). */
export function BatchHead({ definition, hasResults }: { definition: Head; hasResults: boolean }) {
  const close = useAppStore((s) => s.closeBatch);
  const remove = useAppStore((s) => s.deleteBatch);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const exportAs = async (format: 'html' | 'csv' | 'json') => {
    const report = await useAppStore.getState().exportBatch(format);
    if (report) downloadText(report.fileName, report.content, report.mime);
  };

  return (
    <header className="batch-run__head">
      <Button size="sm" variant="ghost" icon={<ArrowLeft size={13} aria-hidden="true" />} onClick={close}>
        All batches
      </Button>
      <h2 className="batch-run__title">{definition.name}</h2>
      <span className="muted small">
        <span className="side-tag side-tag--a">A</span> {definition.sides.a.label} · <span className="side-tag side-tag--b">B</span>{' '}
        {definition.sides.b.label}
      </span>
      <span className="muted small batch-run__differences">
        Differs in: {differencesLine(sideDifferences(definition.sides.a, definition.sides.b))}
      </span>
      <div className="batch-run__actions">
        {(definition.kind ?? 'search') === 'search' ? (
          <Button
            size="sm"
            variant="ghost"
            icon={<ShoppingCart size={13} aria-hidden="true" />}
            title="What side B would have earned on the shopper traffic logged under side A: clicks@10, click-through and conversions, with intervals and coverage; the triage table then marks the queries B loses clicks on"
            onClick={() => void useAppStore.getState().openOnTraffic({ kind: 'batch', id: definition.id })}
          >
            On traffic
          </Button>
        ) : null}
        {EXPORTS.map(([format, label]) => (
          <Button
            key={format}
            size="sm"
            variant="ghost"
            icon={<Download size={13} aria-hidden="true" />}
            onClick={() => void exportAs(format)}
            disabled={!hasResults}
          >
            {label}
          </Button>
        ))}
        {confirmDelete ? (
          <>
            <Button size="sm" variant="danger" onClick={() => void remove(definition.id)}>
              Delete with its results
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button size="sm" variant="ghost" icon={<Trash2 size={13} aria-hidden="true" />} onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        )}
      </div>
    </header>
  );
}
