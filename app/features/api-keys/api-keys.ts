/* What API keys may do (isomorphic: the page's form lists them). */
export const API_KEY_PERMISSIONS = ['read', 'read_write'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];
