/**
 * The emulator's one error shape, for every endpoint:
 * `{ "status": 400, "code": "invalid-filter", "message": "…", "field": "options.filter" }`.
 * Token-endpoint errors also carry OAuth's `error` and `error_description`.
 */
export interface EmulatorErrorBody {
  status: number;
  code: string;
  message: string;
  field?: string;
  error?: string;
  error_description?: string;
}

export class EmulatorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly oauthError?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): EmulatorErrorBody {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...(this.oauthError ? { error: this.oauthError, error_description: this.message } : {}),
    };
  }
}

export const badRequest = (code: string, message: string, field?: string) => new EmulatorError(400, code, message, field);
