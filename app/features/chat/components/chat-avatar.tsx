import type { CSSProperties } from 'react';
import { avatarHue, initialsOf } from '../client/avatar.ts';

/**
 * A sender's picture (decorative: the name is written beside it). Operators may have a
 * picture on the shop or their Gravatar (spec §3 avatar_type); everyone else, and operators
 * without one, get their initials in a circle made here (no outside request).
 */
export function ChatAvatar({ name, type, image, gravatar, size = 24 }: { name: string; type?: string; image?: string; gravatar?: string; size?: number }) {
  const src = type === 'image' && image?.startsWith('/') && !image.startsWith('//') ? image : type === 'gravatar' && /^[0-9a-f]{32}$/.test(gravatar ?? '') ? `https://secure.gravatar.com/avatar/${gravatar}?s=${size * 2}&d=identicon` : null;
  if (src) return <img className="chat-avatar chat-avatar--picture" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" referrerPolicy="no-referrer" />;
  return (
    <span className="chat-avatar" aria-hidden="true" style={{ '--avatar-hue': avatarHue(name), width: size, height: size, fontSize: size / 2.4 } as CSSProperties}>
      {initialsOf(name)}
    </span>
  );
}
