import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { readCsrfToken } from './csrf-token.ts';

const noSubscription = () => () => {};

/**
 * The token for a form's `_csrf` field: the one the server rendered (pages rendered for one
 * visitor; empty on shared pages, whose forms the server checks by cookie and origin), then,
 * once hydrated, the cookie's.
 */
export function useCsrfToken(): string {
  const rendered = (useRouteLoaderData('root') as { csrfToken?: string } | undefined)?.csrfToken ?? '';
  return useSyncExternalStore(noSubscription, () => readCsrfToken() || rendered, () => rendered);
}
