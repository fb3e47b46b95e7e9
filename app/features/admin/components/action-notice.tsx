import { isActionError, type ActionError } from '../../../lib/action.ts';

/** What an admin form post answered: its error as an alert, or its `done` message as a status. */
export function ActionNotice({ result }: { result: ActionError | { done: string } | undefined }) {
  if (isActionError(result)) {
    return (
      <p className="notice notice--error" role="alert">
        {result.error.message}
      </p>
    );
  }
  return result ? (
    <p className="notice" role="status">
      {result.done}
    </p>
  ) : null;
}
