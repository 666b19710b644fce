import type { Implementation } from '../../router';
import type { llmJudgeOperations } from '../../../shared/llm-judges';
import type { Services } from '..';

export function llmJudgeImplementation(s: Services): Implementation<typeof llmJudgeOperations> {
  return {
    'llm-judges:list': () => s.judges.list(),
    'llm-judges:save': (input) => s.judges.save(input),
    'llm-judges:remove': (input) => s.judges.remove(input.id),
    'llm-judges:estimate': (input) => s.judges.estimate(input),
    'llm-judges:run': (input) => s.judges.run(input),
    'llm-judges:prompt': () => s.judges.prompt(),
    'llm-judges:set-prompt': (input) => s.judges.setPrompt(input.template),
    'llm-judges:cancel': () => s.judges.cancel(),
  };
}
