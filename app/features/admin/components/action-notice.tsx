import { isActionError, type ActionError } from '../../../lib/action.ts';

/** What a bulk action left as it was, row by row, with why. */
export type Skipped = { id: number; name: string; reason: string }[];

/** What an admin form post answered: its error as an alert, or its `done` message (and any rows skipped) as a status. */
export function ActionNotice({ result }: { result: ActionError | { done: string; skipped?: Skipped } | undefined }) {
  if (isActionError(result)) {
    return (
      <p className="notice notice--error" role="alert">
        {result.error.message}
      </p>
    );
  }
  if (result?.skipped?.length) {
    return (
      <div className="notice" role="status">
        <p style={{ margin: 0 }}>{result.done}</p>
        <ul>
          {result.skipped.map((s) => (
            <li key={s.id}>
              {s.name}: {s.reason}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return result ? (
    <p className="notice" role="status">
      {result.done}
    </p>
  ) : null;
}
