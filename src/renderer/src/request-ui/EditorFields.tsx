import type { RequestDiagnostic } from '@shared/diagnostics';
import { DiagnosticLine } from '../components/Field';
import { CodeEditor } from '../editors/CodeEditor';
import { FILTER_LANGUAGE } from '../editors/filter-language';
import type { LanguageContext } from '../editors/language-context';
import { MASK_LANGUAGE } from '../editors/mask-language';

interface LanguageFieldProps {
  /** Names the editor's model: one per tab or screen. */
  modelId: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  context: LanguageContext;
  diagnostics: RequestDiagnostic[];
  onFix: (d: RequestDiagnostic) => void;
  placeholder: string;
  testId?: string;
}

function LanguageField({
  language,
  extension,
  ariaLabel,
  maxLines,
  ...p
}: LanguageFieldProps & { language: string; extension: string; ariaLabel: string; maxLines: number }) {
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
      {p.diagnostics.map((d, i) => (
        <DiagnosticLine key={i} diagnostic={d} onFix={p.onFix} />
      ))}
    </>
  );
}

/** The filter in the filter language's Monaco editor, with the shared model's findings under it. */
export function FilterField(props: LanguageFieldProps) {
  return <LanguageField {...props} language={FILTER_LANGUAGE} extension="wbf" ariaLabel="Filter" maxLines={6} />;
}

/** The response mask in the mask language's Monaco editor, with its findings under it. */
export function MaskField(props: LanguageFieldProps) {
  return <LanguageField {...props} language={MASK_LANGUAGE} extension="wbm" ariaLabel="Response mask" maxLines={4} />;
}
