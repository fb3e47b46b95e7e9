import type { ShouldRevalidateFunction } from 'react-router';

/**
 * `shouldRevalidate` of the page editors' routes. React Router reloads nothing after an
 * action answered 4xx, but here a refusal usually means the page moved on elsewhere (409
 * stale version, 404 block gone): the editor must show the current page beside the message,
 * or the next try is refused again. Everything else as React Router decides.
 */
export const revalidateAfterRefusal: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  (actionStatus !== undefined && actionStatus >= 400 && actionStatus < 500) || defaultShouldRevalidate;
