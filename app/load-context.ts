import type { RequestContext } from './lib/services.server.ts';

declare module 'react-router' {
  // Page loaders and actions receive the same per-request context as the API handlers.
  interface AppLoadContext extends RequestContext {}
}

export {};
