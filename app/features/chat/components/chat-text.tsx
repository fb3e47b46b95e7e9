import { Fragment } from 'react';
import { linkify } from '../client/linkify.ts';

/** Chat text as React text (never markup): newlines kept, addresses linked. Shared by the widget and the console. */
export function ChatText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((p, i) =>
        p.kind === 'break' ? (
          <br key={i} />
        ) : p.kind === 'link' ? (
          <a key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow">
            {p.text}
          </a>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
