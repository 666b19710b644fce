import { plural } from '@shared/text';
import { ShowInWorkspace } from '../../components/ShowInWorkspace';
import { useAppStore } from '../../store/store';

/** What the last save of a query set from the traffic gave: its file with one click to it, or why it failed. */
export function SavedNote() {
  const saved = useAppStore((s) => s.traffic.saved);
  if (saved.status === 'done' && saved.result)
    return (
      <span className="small traffic-saved">
        <span role="status">{`Saved ${plural(saved.result.queries, 'query', 'queries')} as ${saved.result.file}`}</span> <ShowInWorkspace />
      </span>
    );
  if (saved.status === 'error')
    return (
      <span className="small danger" role="alert">
        {saved.error?.message}
      </span>
    );
  return null;
}
