/** What a page action answers when the input was refused; forms render it. */
export interface ActionError {
  error: { code: string; message: string; fields?: Record<string, string> };
  values?: Record<string, string>;
}

export const isActionError = (v: unknown): v is ActionError =>
  typeof v === 'object' && v !== null && 'error' in v && typeof (v as ActionError).error?.message === 'string';
