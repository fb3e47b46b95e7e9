/**
 * Embedding forms in content. A page's loader gets the forms it shows with `embedForms`
 * (form-embed.server.ts) and hands them to `<FormsProvider>`; inside it,
 * `<ContactFormById id={1} />` renders form 1 wherever it stands, and `<ContentWithForms>`
 * renders text holding Contact Form 7 shortcodes (`[contact-form-7 id="1"]`).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { ContactForm } from './contact-form.tsx';
import type { ContactFormProps } from './form-state.ts';

const Forms = createContext<Record<number, ContactFormProps>>({});

export function FormsProvider({ forms, children }: { forms: Record<number, ContactFormProps>; children: ReactNode }) {
  return <Forms.Provider value={forms}>{children}</Forms.Provider>;
}

/** The form with this id, if the page's loader fetched it (nothing otherwise). */
export function ContactFormById({ id }: { id: number }) {
  const props = useContext(Forms)[id];
  return props ? <ContactForm {...props} /> : null;
}

const SHORTCODE = /\[contact-form(?:-7)?\s+[^\]]*?\bid=["']?(\d+)["']?[^\]]*\]/g;

/** Ids of the forms named by shortcodes in a text, in order. */
export function shortcodeFormIds(text: string): number[] {
  return [...text.matchAll(SHORTCODE)].map((m) => Number(m[1]));
}

/** Plain text with shortcodes: paragraphs of text, and the forms where the shortcodes stand. */
export function ContentWithForms({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(SHORTCODE)) {
    const before = text.slice(last, m.index).trim();
    if (before) parts.push(<p key={`t${last}`}>{before}</p>);
    parts.push(<ContactFormById key={`f${m.index}`} id={Number(m[1])} />);
    last = m.index + m[0].length;
  }
  const rest = text.slice(last).trim();
  if (rest) parts.push(<p key="end">{rest}</p>);
  return <>{parts}</>;
}
