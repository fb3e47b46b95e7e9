import sanitizeHtml from 'sanitize-html';
import type { Block } from './blocks.schema.ts';

/*
 * The text block's rich HTML, sanitised when a page is saved and again when a stored tree
 * is read (a row written by hand or by an older version cannot slip anything through):
 * formatting, lists, tables, links and headings only. No scripts, styles, event handlers,
 * SVG, forms, iframes or `javascript:`/`data:` addresses; links to other sites get
 * rel="noopener noreferrer".
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'mark', 'sub', 'sup', 'code', 'pre',
    'blockquote', 'q', 'cite', 'abbr', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'span',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel', 'hreflang'], abbr: ['title'], th: ['scope', 'colspan', 'rowspan'], td: ['colspan', 'rowspan'], ol: ['start', 'reversed'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      if (/^https?:/i.test(out.href ?? '') || out.target) out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The tree with every text block's HTML sanitised (a copy; the input is not changed). */
export function sanitizeBlocks(blocks: readonly Block[]): Block[] {
  return blocks.map((b): Block => {
    const children = b.children ? sanitizeBlocks(b.children) : undefined;
    const props = b.type === 'text' ? { ...b.props, html: sanitizeRichText(b.props.html) } : b.props;
    return { ...b, props, ...(children ? { children } : {}) } as Block;
  });
}
