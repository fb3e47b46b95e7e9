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
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; [detail: string]: unknown };
}
