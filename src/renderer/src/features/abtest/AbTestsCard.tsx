import { Pencil, Plus, Split } from 'lucide-react';
import { Button } from '../../components/Button';
import { useAppStore } from '../../store/store';
import { newAbTest } from './abtest-slice';

/** The A/B tests card's New: the editor on a new test (two variations at 50%, from today). */
export function NewAbTestButton() {
  return (
    <Button
      size="sm"
      variant="primary"
      icon={<Plus size={13} aria-hidden="true" />}
      onClick={() => {
        const { closeAbTest, editAbTest } = useAppStore.getState();
        closeAbTest();
        editAbTest({ test: newAbTest(), file: null });
      }}
    >
      New
    </Button>
  );
}

/** A test's tools in the workspace: open it (lookup, readout, planner) or edit it. */
export function AbTestActions({ file, name }: { file: string; name: string }) {
  const { openAbTest } = useAppStore.getState();
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        icon={<Split size={13} aria-hidden="true" />}
        title="Which variation a customer got, what the test says from the traffic so far, and its plan"
        aria-label={`Open ${name}`}
        onClick={() => void openAbTest(file)}
      >
        Open
      </Button>
      <Button
        size="sm"
        variant="ghost"
        icon={<Pencil size={13} aria-hidden="true" />}
        aria-label={`Edit ${name}`}
        onClick={async () => {
          await openAbTest(file);
          useAppStore.getState().editAbTest();
        }}
      >
        Edit
      </Button>
    </>
  );
}
