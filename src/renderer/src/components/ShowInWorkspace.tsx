import { FolderGit2 } from 'lucide-react';
import { useAppStore } from '../store/store';
import { Button } from './Button';

/** Beside "Saved … as file.json" on a screen that is not the Workspace: one click to the file where it now is. */
export function ShowInWorkspace() {
  return (
    <Button
      size="sm"
      variant="ghost"
      icon={<FolderGit2 size={13} aria-hidden="true" />}
      onClick={() => useAppStore.getState().setArea('workspace')}
    >
      Show in Workspace
    </Button>
  );
}
