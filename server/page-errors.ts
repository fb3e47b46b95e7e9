import { data, type ServerBuild } from 'react-router';
import { isHttpError } from '../app/lib/http-error.ts';

type Handler = (args: never) => unknown;

/**
 * A client's mistake thrown by a page loader or action (an HttpError with a 4xx status)
 * as React Router's thrown data: the page answers with that status and the site's error
 * page, a `.data` request with the error in the house shape. Anything else is left as it
 * is (an unexpected error: logged, a 500).
 */
export function routeErrorOf(err: unknown): unknown {
  if (!isHttpError(err) || err.status < 400 || err.status > 499) return err;
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.fields) error.fields = err.fields;
  return data({ error }, { status: err.status, headers: err.headers });
}

function guarded<F extends Handler>(fn: F): F {
  return (async (args: never) => {
    try {
      return await fn(args);
    } catch (err) {
      throw routeErrorOf(err);
    }
  }) as F;
}

/** The build with every route's loader and action answering HttpErrors as above. */
export function withClientErrors(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: { ...route.module, ...(loader ? { loader: guarded(loader) } : {}), ...(action ? { action: guarded(action) } : {}) },
    };
  }
  return { ...build, routes };
}
