/**
 * The one way to a message: Lingui `I18n` instances for English and for the shop's language,
 * shared by every lookup (t.ts, t-orders.ts, t-admin.ts…). Messages are compiled at build
 * (scripts/compile-messages.ts); each lookup registers its bundle's English messages when it
 * is imported, and in the browser waits for the page's language's bundle (only that one is
 * fetched). An id the active language lacks is taken from English.
 *
 * The state lives on globalThis: the production server bundle and the pages' bundle each
 * have a copy of this module, and the language the server sets must reach both.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LOADERS } from './compiled/loaders.ts';
import { directionOf } from '../lib/format.ts';

export const SOURCE_LANGUAGE = 'en';
/** The pseudo-language (accented, lengthened English): a shop language in tests only. */
export const PSEUDO_LANGUAGE = 'en-XA';

export type Values = Record<string, string | number>;

type State = { lang: string; english: I18n; active: I18n; loaded: Set<string> };
const KEY = Symbol.for('vitrine.messages');
const holder = globalThis as { [KEY]?: State };
const english = holder[KEY]?.english ?? setupI18n({ locale: SOURCE_LANGUAGE, messages: { [SOURCE_LANGUAGE]: {} } });
const state: State = (holder[KEY] ??= { lang: SOURCE_LANGUAGE, english, active: english, loaded: new Set() });

/** The catalogue a language tag reads: its primary subtag (`de-AT` → `de`); the pseudo-language as itself. */
export function catalogueLanguage(tag: string): string {
  return tag === PSEUDO_LANGUAGE ? tag : (tag.split('-')[0] ?? SOURCE_LANGUAGE).toLowerCase();
}

/** Right to left for Arabic, Hebrew, Persian and Urdu (one rule for messages and formats: lib/format.ts). */
export const textDirection = (tag: string): 'ltr' | 'rtl' => directionOf(tag);

/** The catalogue language messages come in now. */
export function activeLanguage(): string {
  return state.lang;
}

/** Makes `lang` the active language with the given bundles' messages (English: none needed). */
export function activate(lang: string, bundles: readonly Messages[]): void {
  if (lang === SOURCE_LANGUAGE) {
    state.lang = lang;
    state.active = state.english;
    return;
  }
  const i18n = setupI18n({ locale: lang, messages: { [lang]: Object.assign({}, ...bundles) as Messages } });
  state.lang = lang;
  state.active = i18n;
}

/**
 * Registers a bundle's English messages; in the browser, returns the promise of the page's
 * language's messages for it when the page is not in English (a lookup awaits it at its top).
 */
export function bundle(name: string, messages: Messages): Promise<void> | undefined {
  state.english.load(SOURCE_LANGUAGE, messages);
  if (typeof document === 'undefined') return undefined;
  const lang = catalogueLanguage(document.documentElement.lang || SOURCE_LANGUAGE);
  const load = LOADERS[lang]?.[name];
  if (!load || state.loaded.has(`${lang}/${name}`)) return undefined;
  state.loaded.add(`${lang}/${name}`);
  return load().then(
    (m) => {
      if (state.lang !== lang) activate(lang, []);
      state.active.load(lang, m.messages);
    },
    () => undefined, // Not reachable: the page stays in English.
  );
}

/** A message in the active language (English where it lacks the id), its placeholders filled. */
export function message(id: string, values?: Values): string {
  const active = state.active;
  const i18n = active !== state.english && active.messages[id] !== undefined ? active : state.english;
  // A message without placeholders is compiled to its text: given as it is (Lingui's own path
  // would take it for an uncompiled one and warn), unless it holds an escape to decode.
  const compiled = i18n.messages[id];
  if (typeof compiled === 'string' && !compiled.includes('\\')) return compiled;
  return i18n._(id, values);
}

/**
 * A group's lookups over the shared runtime: `t(id, values)`, `plural(id, count)` (a counted
 * message, `count` among its values) and `has(id)` for an id built at run time. `K` and `C`
 * are the group's ids and counted ids, so an unknown id fails `tsc`.
 */
export function lookups<K extends string, C extends string>() {
  return {
    t: (key: K, vars?: Values): string => message(key, vars),
    plural: (key: C, count: number, vars?: Values): string => message(key, { ...vars, count }),
    has: (key: string): key is K => hasMessage(key),
  };
}

/** Whether English has a message of this id. */
export function hasMessage(id: string): boolean {
  return state.english.messages[id] !== undefined;
}

/**
 * Messages kept in a module-level object (a form's labels): made again when the language
 * changes, so a constant read on the server after a change is in the new language.
 */
export function perLanguage<T extends object>(make: () => T): T {
  let source: I18n | undefined = state.active;
  let value: T | undefined = make();
  const target = (Array.isArray(value) ? [] : {}) as T;
  const current = (): T => {
    if (value === undefined || source !== state.active) {
      value = make();
      source = state.active;
    }
    return value;
  };
  return new Proxy(target, {
    get: (_, k) => Reflect.get(current(), k) as unknown,
    has: (_, k) => Reflect.has(current(), k),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, k) => Reflect.getOwnPropertyDescriptor(current(), k),
  });
}
