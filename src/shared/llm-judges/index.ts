/** The front door of llm-judges: what other capabilities may use. */
export {
  DEFAULT_TEMPLATE,
  fnv1a,
  itemJson,
  PLACEHOLDERS,
  PROMPT_FILE,
  PROMPT_FORMAT,
  promptFileSchema,
  promptTemplateSchema,
  type PromptView,
  type PromptInput,
  type PromptTemplate,
  renderPrompt,
  scaleLines,
  templateProblem,
  templateVersion,
} from './prompt';
export { MAX_REASON, readVerdict, type Verdict, verdictFormat } from './verdict';
export { addTokens, CHARS_PER_TOKEN, costOf, estimateTokens, FREE, type Prices, type Tokens, VERDICT_TOKENS } from './cost';

export { isLlmRating, LLM_BY } from '../judgments';
export {
  DEMO_JUDGE_ID,
  type Judge,
  type JudgeEstimateView,
  type JudgeProgressView,
  type JudgeRunView,
  judgeSchema,
  type JudgeView,
  llmJudgeEvents,
  llmJudgeOperations,
} from './operations';
