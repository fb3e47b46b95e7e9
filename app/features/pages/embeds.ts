/**
 * The providers a page may embed (video and map/embed blocks). Only these reach an iframe
 * or a <video>: anything else is refused when the page is saved. The frame origins are also
 * the Content-Security-Policy's `frame-src` (server/security.ts).
 */

export type VideoSource =
  | { provider: 'youtube'; id: string }
  | { provider: 'vimeo'; id: string }
  | { provider: 'self'; src: string };

export const EMBED_FRAME_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.google.com',
  'https://www.openstreetmap.org',
] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function url(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * A video address from the allow-list: YouTube (watch, youtu.be, embed, shorts), Vimeo, or a
 * file of our own under /media/ (mp4, webm, ogg). Null for anything else.
 */
export function videoSource(raw: string): VideoSource | null {
  const text = raw.trim();
  if (/^\/media\/[A-Za-z0-9/_.-]+\.(mp4|webm|ogg|ogv)$/i.test(text) && !text.includes('..')) return { provider: 'self', src: text };
  const u = url(text);
  if (!u || u.protocol !== 'https:' || u.username || u.password || u.port) return null;
  const host = u.hostname.toLowerCase();
  if (host === 'youtu.be') {
    const id = u.pathname.slice(1);
    return YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'youtube.com' || host === 'www.youtube.com' || host === 'm.youtube.com' || host === 'www.youtube-nocookie.com') {
    const id = u.pathname === '/watch' ? u.searchParams.get('v') ?? '' : (/^\/(?:embed|shorts)\/([^/]+)$/.exec(u.pathname)?.[1] ?? '');
    return YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com' || host === 'player.vimeo.com') {
    const id = /^\/(?:video\/)?(\d{1,12})$/.exec(u.pathname)?.[1];
    return id ? { provider: 'vimeo', id } : null;
  }
  return null;
}

/** The player address for a video block: autoplay (muted unless audio), loop, no controls, as configured. */
export function videoPlayerUrl(v: Exclude<VideoSource, { provider: 'self' }>, o: { autoplay: boolean; muted: boolean; loop: boolean; controls: boolean }): string {
  const flag = (b: boolean) => (b ? '1' : '0');
  if (v.provider === 'youtube') {
    const q = new URLSearchParams({ autoplay: flag(o.autoplay), mute: flag(o.muted), controls: flag(o.controls), playsinline: '1', rel: '0' });
    if (o.loop) {
      q.set('loop', '1');
      q.set('playlist', v.id);
    }
    return `https://www.youtube-nocookie.com/embed/${v.id}?${q}`;
  }
  const q = new URLSearchParams({ autoplay: flag(o.autoplay), muted: flag(o.muted), loop: flag(o.loop), controls: flag(o.controls), dnt: '1' });
  return `https://player.vimeo.com/video/${v.id}?${q}`;
}

/** A map or other embed from the allow-list (Google Maps embed, OpenStreetMap embed, or a video player); its iframe address, else null. */
export function embedSource(raw: string): string | null {
  const u = url(raw.trim());
  if (!u || u.protocol !== 'https:' || u.username || u.password || u.port) return null;
  const host = u.hostname.toLowerCase();
  if ((host === 'www.google.com' || host === 'maps.google.com') && u.pathname === '/maps/embed') return `https://www.google.com/maps/embed${u.search}`;
  if (host === 'www.openstreetmap.org' && u.pathname === '/export/embed.html') return `https://www.openstreetmap.org/export/embed.html${u.search}`;
  const video = videoSource(raw);
  if (video && video.provider !== 'self') return videoPlayerUrl(video, { autoplay: false, muted: false, loop: false, controls: true });
  return null;
}
