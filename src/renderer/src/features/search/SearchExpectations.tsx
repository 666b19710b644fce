import { useMemo } from 'react';
import type { AnswerUnderTest } from '@shared/assertions';
import { useAppStore } from '../../store/store';
import { answerChoices, ExpectationsPanel } from '../assertions';
import type { SearchTab } from './tab-model';

/** The answer on screen as the assertions see it (null before the first answer, or after a failed request). */
function answerUnderTest(tab: Pick<SearchTab, 'result' | 'error'>): AnswerUnderTest | null {
  const result = tab.result;
  if (!result || tab.error) return null;
  const mask = result.sent.options?.customResponseMask?.trim();
  return { kind: 'search', response: result.response, ms: result.exchange.timings.totalMs, ...(mask ? { mask } : {}) };
}

/** A Search tab's expectations: its answer, "Expect…" on the answer, results' own choices in the item drawer. */
export function SearchExpectations({ tab }: { tab: SearchTab }) {
  const patchTab = useAppStore((s) => s.patchTab);
  const save = useAppStore((s) => s.saveExpectations);
  const answer = useMemo(() => answerUnderTest(tab), [tab]);
  const choices = useMemo(
    () => (tab.result && !tab.error ? answerChoices(tab.result.response, tab.result.sent, tab.result.exchange.timings.totalMs) : []),
    [tab.result, tab.error],
  );
  return (
    <ExpectationsPanel
      idPrefix={tab.id}
      expect={tab.expect}
      answer={answer}
      choices={choices}
      onChange={(expect) => patchTab(tab.id, { expect })}
      onSave={() => void save(tab.id)}
      savedFile={tab.saved?.file ?? null}
      hint=", or open a result and choose what must hold for it"
      foldId="search-expectations"
    />
  );
}
