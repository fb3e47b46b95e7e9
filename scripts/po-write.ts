/** Writing PO catalogues in the shop's layout: a header naming the language, then one entry a message. */

export type PoEntry = { id: string; comment: string; message: string };

/** A PO string: quoted, with backslashes, quotes and line breaks escaped. */
export function poString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;
}

/** A whole catalogue: `#. <English text>`, `msgid "<id>"`, `msgstr "<ICU message>"` per entry. */
export function poCatalog(lang: string, entries: readonly PoEntry[]): string {
  const header = ['msgid ""', 'msgstr ""', '"MIME-Version: 1.0\\n"', '"Content-Type: text/plain; charset=utf-8\\n"', '"Content-Transfer-Encoding: 8bit\\n"', `"Language: ${lang}\\n"`];
  const body = entries.map((e) => [`#. ${e.comment.replace(/\n/g, ' ')}`, `msgid ${poString(e.id)}`, `msgstr ${poString(e.message)}`].join('\n'));
  return [header.join('\n'), ...body].join('\n\n') + '\n';
}
