import type { CSSProperties } from 'react';
import { avatarHue, initialsOf } from '../client/avatar.ts';

/** The sender's initials in a circle (decorative: the name is written beside it). */
export function ChatAvatar({ name }: { name: string }) {
  return (
    <span className="chat-avatar" aria-hidden="true" style={{ '--avatar-hue': avatarHue(name) } as CSSProperties}>
      {initialsOf(name)}
    </span>
  );
}
