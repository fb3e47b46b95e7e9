import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isMediaKey, type ByteRange, type MediaStore } from '../app/lib/media-store.server.ts';

/** What the folder store's static files answer with (@fastify/static, maxAge 30d): the same for every store. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=2592000';

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; anything else (several ranges, other units) is served whole. */
function parseRange(header: string | undefined): { start?: number; end?: number; suffix?: number } | undefined {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') return { suffix: Number(m[2]) };
  return { start: Number(m[1]), end: m[2] === '' ? undefined : Number(m[2]) };
}

/**
 * `/media/*` read from a shared store (S3): the shop answers at the same addresses, with the
 * same cache headers and types, whichever node wrote the picture. Pictures are never rewritten
 * under one name (each upload gets a new random path), so the object's ETag is a sound validator.
 */
export function registerStoreMedia(app: FastifyInstance, store: MediaStore): void {
  const serve = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const key = request.params['*'];
    if (!isMediaKey(key)) return reply.callNotFound();
    const wanted = parseRange(request.headers.range);
    // A suffix range needs the size first; a HEAD needs no body: both ask for the whole object's headers.
    let range: ByteRange | undefined;
    if (wanted && wanted.suffix === undefined && wanted.start !== undefined) range = { start: wanted.start, end: wanted.end ?? Number.MAX_SAFE_INTEGER };
    let object = await store.get(key, range);
    if (!object) return reply.callNotFound();
    if (wanted?.suffix !== undefined && wanted.suffix > 0) {
      object.body.destroy();
      const start = Math.max(0, object.size - wanted.suffix);
      range = { start, end: object.size - 1 };
      object = await store.get(key, range);
      if (!object) return reply.callNotFound();
    }
    reply.header('cache-control', MEDIA_CACHE_CONTROL).header('accept-ranges', 'bytes').type(object.contentType);
    if (object.etag) reply.header('etag', object.etag);
    if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
    if (object.etag && request.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.code(304).send();
    }
    if (range) {
      if (range.start >= object.size) {
        object.body.destroy();
        return reply.code(416).header('content-range', `bytes */${object.size}`).send();
      }
      reply.code(206).header('content-range', `bytes ${range.start}-${range.start + object.length - 1}/${object.size}`);
    }
    reply.header('content-length', object.length);
    if (request.method === 'HEAD') {
      object.body.destroy();
      return reply.send();
    }
    return reply.send(object.body);
  };
  // HEAD by this handler, not Fastify's derived route: that one would measure the empty body.
  app.route<{ Params: { '*': string } }>({ method: ['GET', 'HEAD'], url: '/media/*', exposeHeadRoute: false, handler: serve });
}
