import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { readVerdict, type Tokens, verdictFormat } from '../../../shared/llm-judges';
import { PacedRetry, retryAfterMs } from '../pacing';

/** A judge: an OpenAI-compatible endpoint (its base URL, before `/chat/completions`), a model and its key. */
export interface JudgeEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string;
}

export type Asked =
  | { ok: true; rating: number; reason: string; tokens: Tokens; requests: number }
  | { ok: false; kind: 'no-verdict' | 'failed'; problem: string; status?: number; tokens: Tokens; requests: number };

/** What one request came to, as the pacing reads a send. */
type Sent =
  | { ok: true; content: string | null; tokens: Tokens }
  | { ok: false; status?: number; retryAfterMs?: number; error: { code: string; message: string } };

/**
 * One judge, asked through the `openai` client (its `baseURL`): the client's own retries are off, so that 429s and
 * 5xx are retried as every batch of searches is — after the endpoint's Retry-After, paced from its refusals when the
 * run's concurrency is `auto`, stopped by the run's signal. Temperature 0 and a seed: an endpoint that takes them answers the same question the same way.
 */
export class JudgeClient {
  private readonly client: OpenAI;
  private readonly retry: PacedRetry;

  constructor(
    readonly judge: JudgeEndpoint,
    private readonly options: { seed: number; timeoutMs?: number; pace?: 'auto' },
  ) {
    this.client = new OpenAI({ baseURL: judge.baseUrl, apiKey: judge.apiKey, maxRetries: 0, timeout: options.timeoutMs ?? 60_000 });
    this.retry = new PacedRetry({
      ...(options.pace ? { pace: options.pace } : {}),
      ...(options.timeoutMs ? { deadlineMs: options.timeoutMs } : {}),
    });
  }

  /**
   * A verdict on a scale of 0..max: an answer that does not read or is off the scale is asked once more, then is
   * no verdict; a request the endpoint refuses (after the retries) has failed.
   */
  async ask(messages: { system: string; user: string }, max: number, signal: AbortSignal): Promise<Asked> {
    let tokens: Tokens = { prompt: 0, completion: 0 };
    let requests = 0;
    let problem = '';
    for (let attempt = 0; attempt < 2; attempt++) {
      const { value: sent, attempts } = await this.retry.send(() => this.once(messages, max, signal), signal);
      requests += attempts;
      if (!sent.ok)
        return {
          ok: false,
          kind: 'failed',
          problem: sent.error.message,
          ...(sent.status ? { status: sent.status } : {}),
          tokens,
          requests,
        };
      tokens = { prompt: tokens.prompt + sent.tokens.prompt, completion: tokens.completion + sent.tokens.completion };
      const verdict = readVerdict(sent.content, max);
      if (verdict.ok) return { ok: true, rating: verdict.rating, reason: verdict.reason, tokens, requests };
      problem = verdict.problem;
    }
    return { ok: false, kind: 'no-verdict', problem, tokens, requests };
  }

  private async once(messages: { system: string; user: string }, max: number, signal: AbortSignal): Promise<Sent> {
    try {
      const answer = await this.client.chat.completions.create(
        {
          model: this.judge.model,
          messages: [
            { role: 'system', content: messages.system },
            { role: 'user', content: messages.user },
          ],
          temperature: 0,
          seed: this.options.seed,
          response_format: verdictFormat(max),
        },
        { signal },
      );
      const usage = answer.usage;
      return {
        ok: true,
        content: answer.choices[0]?.message?.content ?? null,
        tokens: { prompt: usage?.prompt_tokens ?? 0, completion: usage?.completion_tokens ?? 0 },
      };
    } catch (err) {
      return failureOf(err);
    }
  }
}

/** An error of the `openai` client as the pacing reads it: the status, the Retry-After, a code and words. */
function failureOf(err: unknown): Sent & { ok: false } {
  if (err instanceof APIUserAbortError) return { ok: false, error: { code: 'cancelled', message: 'cancelled' } };
  if (err instanceof APIConnectionTimeoutError)
    return { ok: false, error: { code: 'timeout', message: 'the judge did not answer in time' } };
  if (err instanceof APIConnectionError)
    return {
      ok: false,
      error: { code: 'network', message: `the judge cannot be reached: ${(err.cause as Error | undefined)?.message ?? err.message}` },
    };
  if (err instanceof APIError) {
    const wait = retryAfterMs(err.headers?.get('retry-after') ?? undefined, Date.now());
    return {
      ok: false,
      ...(err.status !== undefined ? { status: err.status } : {}),
      ...(wait !== undefined ? { retryAfterMs: wait } : {}),
      error: { code: `http-${err.status ?? 'error'}`, message: err.message },
    };
  }
  return { ok: false, error: { code: 'internal', message: err instanceof Error ? err.message : String(err) } };
}
