/**
 * The shop's language on the server: every language's compiled bundles are loaded with this
 * module, and the shop's `language` setting picks the active one (at start-up, when the
 * setting changes, and as each page reads the settings, so every process follows a change).
 */
import { ALL } from './compiled/all.server.ts';
import { activate, activeLanguage, catalogueLanguage, PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from './runtime.ts';

/** The pseudo-language is for tests: under vitest or with VITRINE_PSEUDO_LANGUAGE=1. */
const pseudoAllowed = (): boolean => Boolean(process.env.VITEST) || process.env.VITRINE_PSEUDO_LANGUAGE === '1';

/** The catalogue language a shop language tag is served in: its own if shipped, else English. */
export function servedLanguage(tag: string): string {
  const lang = catalogueLanguage(tag);
  if (lang === PSEUDO_LANGUAGE && !pseudoAllowed()) return SOURCE_LANGUAGE;
  return lang in ALL ? lang : SOURCE_LANGUAGE;
}

/** Sets the language messages are given in (the shop's `language` setting, e.g. `de-AT`). */
export function setShopLanguage(tag: string): void {
  const lang = servedLanguage(tag);
  if (lang !== activeLanguage()) activate(lang, Object.values(ALL[lang] ?? {}));
}
