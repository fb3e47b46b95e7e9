/**
 * Chat text for display (spec §5): newlines kept, URLs, www addresses and e-mail addresses
 * made links. The result is a list of parts rendered as React text and elements, so whatever
 * the text holds (`<script>`, `&`, quotes) is shown as typed and never parsed as markup.
 */
export type ChatPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string } | { kind: 'break' };

// A URL (http/https), a www address, or an e-mail address. Trailing punctuation is trimmed after the match.
const LINK_RE = /\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+\.[^\s<>"']+|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

function linkParts(line: string): ChatPart[] {
  const parts: ChatPart[] = [];
  let last = 0;
  for (const m of line.matchAll(LINK_RE)) {
    let text = m[0];
    const trail = TRAILING.exec(text);
    // Keep a closing parenthesis that closes one opened inside the link (wiki-style URLs).
    if (trail) {
      let cut = trail[0];
      if (cut.startsWith(')') && (text.match(/\(/g)?.length ?? 0) > (text.slice(0, -cut.length).match(/\)/g)?.length ?? 0)) cut = cut.slice(1);
      text = text.slice(0, text.length - cut.length);
    }
    if (!text) continue;
    const start = m.index;
    if (start > last) parts.push({ kind: 'text', text: line.slice(last, start) });
    const href = text.includes('@') && !/^(https?:\/\/|www\.)/i.test(text) ? `mailto:${text}` : /^www\./i.test(text) ? `https://${text}` : text;
    parts.push({ kind: 'link', text, href });
    last = start + text.length;
  }
  if (last < line.length) parts.push({ kind: 'text', text: line.slice(last) });
  return parts;
}

export function linkify(text: string): ChatPart[] {
  const out: ChatPart[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (i > 0) out.push({ kind: 'break' });
    out.push(...linkParts(line));
  });
  return out;
}
