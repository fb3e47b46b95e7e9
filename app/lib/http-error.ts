/** An error meant for the client: status, stable code, readable message, optional per-field messages. */
export class HttpError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public fields?: Record<string, string>,
    public headers?: Record<string, string>,
    /** Extra fields for the error body, e.g. `productUrl` when the shopper must choose options. */
    public details?: Record<string, unknown>,
  ) {
    super(message);
  }

  override name = 'HttpError';
}

/**
 * Whether a thrown value is an HttpError. Also true for one made by another copy of this
 * module (the server reaches the pages' own bundled copy only through what they throw).
 */
export const isHttpError = (err: unknown): err is HttpError =>
  err instanceof HttpError ||
  (err instanceof Error && err.name === 'HttpError' && typeof (err as HttpError).status === 'number' && typeof (err as HttpError).code === 'string');

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; [detail: string]: unknown };
}
