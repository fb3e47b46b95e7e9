/**
 * Reading the PO catalogues (app/i18n/locales/<lang>/<name>.po): which languages and
 * catalogues there are, and each catalogue's messages by id. English is the source; the other
 * languages translate some or all of its ids.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';

export const LOCALES_DIR = 'app/i18n/locales';
export const SOURCE_LANGUAGE = 'en';

/** One catalogue of one language: its file and its messages (id → ICU message; empty: not translated). */
export type Catalogue = { lang: string; name: string; file: string; messages: Map<string, string> };

const po = formatter({ explicitIdAsDefault: true, origins: false });

/** The languages with a folder of catalogues, English first. */
export function languages(root = LOCALES_DIR): string[] {
  const found = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  return [SOURCE_LANGUAGE, ...found.filter((l) => l !== SOURCE_LANGUAGE)];
}

/** The catalogue names, from the English files (`site`, `orders`, `admin`, `admin-tax`…). */
export function catalogueNames(root = LOCALES_DIR): string[] {
  return readdirSync(join(root, SOURCE_LANGUAGE)).filter((f) => f.endsWith('.po')).map((f) => f.slice(0, -3)).sort();
}

/** Reads one catalogue, or undefined when the language has no file for it. */
export async function readCatalogue(lang: string, name: string, root = LOCALES_DIR): Promise<Catalogue | undefined> {
  const file = join(root, lang, `${name}.po`);
  if (!existsSync(file)) return undefined;
  const parsed = await po.parse(readFileSync(file, 'utf8'), { locale: lang, sourceLocale: SOURCE_LANGUAGE, filename: file });
  const messages = new Map<string, string>();
  for (const [id, entry] of Object.entries(parsed)) if (!entry.obsolete) messages.set(id, entry.translation ?? '');
  return { lang, name, file, messages };
}

/** The PO files of a language that English has no catalogue of (a misnamed file). */
export function strayFiles(lang: string, root = LOCALES_DIR): string[] {
  const names = new Set(catalogueNames(root));
  return readdirSync(join(root, lang)).filter((f) => f.endsWith('.po') && !names.has(f.slice(0, -3))).map((f) => join(root, lang, f));
}
