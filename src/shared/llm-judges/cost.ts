/**
 * What judging costs: tokens estimated before a run (about four characters a token, the rule of thumb OpenAI gives
 * for English text) and counted after it from each answer's `usage`, priced per million tokens as the user gives
 * the prices (0 for a local model).
 */

export interface Prices {
  /** Per million prompt (input) tokens. */
  input: number;
  /** Per million completion (output) tokens. */
  output: number;
}

export interface Tokens {
  prompt: number;
  completion: number;
}

export const FREE: Prices = { input: 0, output: 0 };

/** Characters per token in the estimate. */
export const CHARS_PER_TOKEN = 4;
/** The completion a verdict takes, estimated: a rating and one sentence. */
export const VERDICT_TOKENS = 40;

export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

export function costOf(tokens: Tokens, prices: Prices): number {
  return (tokens.prompt * prices.input + tokens.completion * prices.output) / 1_000_000;
}

export const addTokens = (a: Tokens, b: Tokens): Tokens => ({ prompt: a.prompt + b.prompt, completion: a.completion + b.completion });
