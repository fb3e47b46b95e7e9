/**
 * Imports English messages written as a TypeScript object (`{ 'cart.empty': 'Your cart is
 * empty.', 'x.one': '{count} item', 'x.other': '{count} items' }`) into a PO catalogue:
 *
 *   node --import tsx scripts/po-from-en.ts <file.ts>… [--out app/i18n/locales/en]
 *
 * A file `en-<name>.ts` becomes `<name>.po` (`en.ts` becomes `site.po`), holding the keys
 * written in that file itself (keys of the objects it imports from `./en-….ts` and spreads
 * in are left to their own files). Each key becomes one entry, its id the key, its message
 * the text in ICU form; a plural family (`base.one`, `base.other`…) becomes one entry `base`
 * with `{count, plural, …}`. Straight apostrophes that would start an ICU quote are doubled.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { poCatalog, type PoEntry } from './po-write.ts';

const PLURAL_FORM = /^(.*)\.(zero|one|two|few|many|other)$/;
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
/** Texts that show placeholders to the reader as written (no value is ever filled in). */
const LITERAL_BRACES = new Set(['admin.emails.footerHint']);

/** Doubles a straight apostrophe where ICU would read it as the start of a quote. */
export function escapeApostrophes(text: string): string {
  return text.replace(/'(?=[{}#'])/g, "''");
}

/** A text of today's form as an ICU message: `{name}` is already ICU; `#` of a plural stays literal. */
function icuText(text: string, id: string, inPlural: boolean): string {
  let out = escapeApostrophes(text);
  if (LITERAL_BRACES.has(id)) out = out.replace(/\{(\w+)\}/g, "'{'$1'}'");
  // In a plural branch `#` is the number: a literal one is quoted.
  if (inPlural) out = out.replace(/(?<!')#/g, "'#'");
  return out;
}

/** One file's own entries: plain keys as they are, plural families folded into one message. */
export function entriesOf(messages: Record<string, string>): PoEntry[] {
  const keys = Object.keys(messages);
  const families = new Map<string, Map<string, string>>();
  for (const k of keys) {
    const m = PLURAL_FORM.exec(k);
    if (m && keys.includes(`${m[1]}.one`) && keys.includes(`${m[1]}.other`)) {
      const forms = families.get(m[1]!) ?? new Map<string, string>();
      forms.set(m[2]!, messages[k]!);
      families.set(m[1]!, forms);
    }
  }
  const entries: PoEntry[] = [];
  const done = new Set<string>();
  for (const k of keys) {
    const m = PLURAL_FORM.exec(k);
    const base = m && families.has(m[1]!) ? m[1]! : undefined;
    if (base === undefined) {
      entries.push({ id: k, comment: messages[k]!, message: icuText(messages[k]!, k, false) });
      continue;
    }
    if (done.has(base)) continue;
    done.add(base);
    const forms = families.get(base)!;
    const branches = CATEGORIES.filter((c) => forms.has(c)).map((c) => `${c} {${icuText(forms.get(c)!, base, true).replace(/\{count\}/g, '#')}}`);
    entries.push({ id: base, comment: forms.get('other')!, message: `{count, plural, ${branches.join(' ')}}` });
  }
  return entries;
}

/** The catalogue name of an English file: `en.ts` → `site`, `en-orders.ts` → `orders`. */
export function catalogName(file: string): string {
  const name = basename(file, '.ts');
  return name === 'en' ? 'site' : name.replace(/^en-/, '');
}

/** The keys a file writes itself: its exported object's, less those of the `./en-….ts` objects it imports. */
async function ownMessages(file: string): Promise<Record<string, string>> {
  const mod = (await import(pathToFileURL(resolve(file)).href)) as Record<string, unknown>;
  const object = Object.values(mod).find((v): v is Record<string, string> => typeof v === 'object' && v !== null);
  if (!object) throw new Error(`${file} exports no message object`);
  const imported = new Set<string>();
  for (const m of readFileSync(file, 'utf8').matchAll(/from '\.\/(en-[\w-]+\.ts)'/g)) {
    const other = (await import(pathToFileURL(resolve(dirname(file), m[1]!)).href)) as Record<string, unknown>;
    for (const v of Object.values(other)) if (typeof v === 'object' && v !== null) for (const k of Object.keys(v)) imported.add(k);
  }
  return Object.fromEntries(Object.entries(object).filter(([k]) => !imported.has(k)));
}

async function main(args: string[]) {
  const at = args.indexOf('--out');
  const out = at >= 0 ? args[at + 1]! : 'app/i18n/locales/en';
  const files = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args;
  if (files.length === 0) throw new Error('Usage: po-from-en.ts <file.ts>… [--out <folder>]');
  mkdirSync(out, { recursive: true });
  for (const file of files) {
    const entries = entriesOf(await ownMessages(file));
    const target = join(out, `${catalogName(file)}.po`);
    writeFileSync(target, poCatalog('en', entries));
    console.log(`${target}: ${entries.length} messages`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
