import { FileUp } from 'lucide-react';
import { useRef } from 'react';
import { Button } from './Button';

/**
 * A button that opens the system file picker and hands over the chosen file. The input is
 * cleared after each pick, so choosing the same file again (after fixing it) reads it again.
 */
export function FileImportButton({
  label,
  accept,
  inputLabel,
  testId,
  onFile,
}: {
  label: string;
  accept: string;
  /** The hidden input's accessible name (tests set files through it). */
  inputLabel: string;
  testId: string;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="sm" variant="ghost" icon={<FileUp size={13} aria-hidden="true" />} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
