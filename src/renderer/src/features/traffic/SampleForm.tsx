import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Segmented } from '../../components/Segmented';
import { useAppStore } from '../../store/store';

/** How many queries the sample field asks for, or why it cannot be read: as typed, never snapped while typing. */
export function sampleSize(text: string): { n: number } | { problem: string } {
  const n = Number(text.trim());
  if (!text.trim() || !Number.isInteger(n) || n < 1 || n > 100_000) return { problem: 'Queries: a whole number from 1 to 100,000.' };
  return { n };
}

/** Save a sample of the traffic's queries as a query set: the top N, at random, or by frequency. */
export function SampleForm() {
  const [method, setMethod] = useState<'top' | 'random' | 'pps'>('pps');
  const [text, setText] = useState('100');
  const size = sampleSize(text);
  const sample = useAppStore((s) => s.sampleTraffic);
  return (
    <div className="traffic-sample">
      <Segmented
        label="Sample"
        showLabel
        value={method}
        onChange={setMethod}
        options={[
          { value: 'top', label: 'Top', title: 'The most searched queries' },
          { value: 'random', label: 'Random', title: 'Distinct queries, each as likely as any other (seed 1)' },
          { value: 'pps', label: 'By frequency', title: 'Distinct queries drawn with probability proportional to their searches (seed 1)' },
        ]}
      />
      <label className="field">
        <span className="field__label small">Queries</span>
        <input
          className="input"
          inputMode="numeric"
          value={text}
          aria-invalid={'problem' in size}
          aria-describedby={'problem' in size ? 'traffic-sample-problem' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {'problem' in size ? (
        <span id="traffic-sample-problem" className="diag diag--error small" role="alert">
          {size.problem}
        </span>
      ) : null}
      <Button
        size="sm"
        icon={<ListPlus size={13} aria-hidden="true" />}
        disabled={'problem' in size}
        onClick={() => 'n' in size && void sample(method, size.n, 1)}
        title="Save the sample as a query set in the workspace, each query weighted by its searches"
      >
        Save sample as query set
      </Button>
    </div>
  );
}
