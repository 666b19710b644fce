import type { RequestDiagnostic } from '@shared/diagnostics';
import { Wand2 } from 'lucide-react';
import { DiagnosticLine } from '../components/Field';
import { CodeEditor } from '../editors/CodeEditor';
import { FILTER_LANGUAGE } from '../editors/filter-language';
import { formatLanguageText } from '../editors/format-text';
import type { LanguageContext } from '../editors/language-context';
import { MASK_LANGUAGE } from '../editors/mask-language';
import { formatShortcut, isMac } from '../shell/keys';

interface LanguageFieldProps {
  /** Names the editor's model: one per tab or screen. */
  modelId: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  context: LanguageContext;
  diagnostics: RequestDiagnostic[];
  onFix: (d: RequestDiagnostic) => void;
  /** An example of what to type; shown as "e.g. …", lighter than typed text. */
  placeholder: string;
  testId?: string;
}

function LanguageField({
  kind,
  language,
  extension,
  ariaLabel,
  maxLines,
  ...p
}: LanguageFieldProps & { kind: 'filter' | 'mask'; language: string; extension: string; ariaLabel: string; maxLines: number }) {
  const formatted = formatLanguageText(kind, p.value);
  const canFormat = formatted !== null && formatted !== p.value;
  const keys = `${formatShortcut()}${isMac() ? '' : ' or Ctrl+Shift+I'}`;
  return (
    <>
      <CodeEditor
        path={`${p.modelId}.${extension}`}
        language={language}
        ariaLabel={ariaLabel}
        value={p.value}
        onChange={p.onChange}
        {...(p.onSubmit ? { onSubmit: p.onSubmit } : {})}
        context={p.context}
        maxLines={maxLines}
        placeholder={p.placeholder}
        {...(p.testId ? { testId: p.testId } : {})}
      />
      <div className="language-field__tools" {...(p.testId ? { 'data-testid': `${p.testId}-tools` } : {})}>
        <button
          type="button"
          className="btn btn--ghost btn--xs"
          disabled={!canFormat}
          onClick={() => formatted !== null && p.onChange(formatted)}
          title={
            formatted === null
              ? `Fix the error first: the ${kind} cannot be read, so it cannot be laid out.`
              : canFormat
                ? `Lay out the ${kind} canonically (${keys} in the editor)`
                : `Already formatted (${keys} in the editor)`
          }
          aria-keyshortcuts={isMac() ? 'Shift+Alt+F' : 'Shift+Alt+F Control+Shift+I'}
        >
          <Wand2 size={12} aria-hidden="true" /> Format
        </button>
      </div>
      {p.diagnostics.map((d, i) => (
        <DiagnosticLine key={i} diagnostic={d} onFix={p.onFix} />
      ))}
    </>
  );
}

/** The filter in the filter language's Monaco editor, with the shared model's findings under it. */
export function FilterField(props: LanguageFieldProps) {
  return <LanguageField {...props} kind="filter" language={FILTER_LANGUAGE} extension="wbf" ariaLabel="Filter" maxLines={16} />;
}

/** The response mask in the mask language's Monaco editor, with its findings under it. */
export function MaskField(props: LanguageFieldProps) {
  return <LanguageField {...props} kind="mask" language={MASK_LANGUAGE} extension="wbm" ariaLabel="Response mask" maxLines={10} />;
}
