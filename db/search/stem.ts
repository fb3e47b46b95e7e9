/**
 * Stemming per language, shared by the index and the queries on both databases: a word and
 * its inflected forms ("jacke", "jacken") meet in one stem ("jack"). The stemmers are the
 * Snowball algorithms of `@orama/stemmers` (docs/decisions/0009-search-stemming.md), run on
 * already folded words, so a query typed without accents stems as the accented text did.
 */
import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as armenian } from '@orama/stemmers/armenian';
import { stemmer as bulgarian } from '@orama/stemmers/bulgarian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as hindi } from '@orama/stemmers/indian';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as irish } from '@orama/stemmers/irish';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as lithuanian } from '@orama/stemmers/lithuanian';
import { stemmer as nepali } from '@orama/stemmers/nepali';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as serbian } from '@orama/stemmers/serbian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as tamil } from '@orama/stemmers/tamil';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';
import { fold } from './normalize.ts';

export type Stemmer = (word: string) => string;

/** The stemmer of each language, by its primary subtag (ISO 639-1, or 639-3 where it has none). */
const STEMMERS: Record<string, Stemmer> = {
  ar: arabic,
  hy: armenian,
  bg: bulgarian,
  da: danish,
  nl: dutch,
  en: english,
  fi: finnish,
  fr: french,
  de: german,
  el: greek,
  hi: hindi,
  hu: hungarian,
  id: indonesian,
  ga: irish,
  it: italian,
  lt: lithuanian,
  ne: nepali,
  no: norwegian,
  nb: norwegian,
  nn: norwegian,
  pt: portuguese,
  ro: romanian,
  ru: russian,
  sr: serbian,
  es: spanish,
  sv: swedish,
  ta: tamil,
  tr: turkish,
  uk: ukrainian,
};

/** The languages search stems, by primary subtag. */
export const STEMMED_LANGUAGES: readonly string[] = Object.keys(STEMMERS);

/**
 * The stemming language of a language tag: its primary subtag when a stemmer exists for it
 * ("de-AT" → "de"), else '' (words are matched as folded, without stemming).
 */
export function stemmingLanguage(tag: string): string {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return Object.hasOwn(STEMMERS, primary) ? primary : '';
}

/** Longest word stemmed; longer ones (codes, run-together text) are kept as they are. */
const MAX_STEMMED = 40;
/** Passes of the stemmer before a word that keeps changing is left as it is. */
const MAX_PASSES = 4;

/**
 * The stem of one folded word in a language ('' for none: the word itself). The stemmer
 * runs until its answer no longer changes, so a stem is its own stem and stemming twice
 * changes nothing; words with digits (SKUs, sizes) and a stemmer's failure or an answer
 * that is not one folded word keep the word.
 */
export function stemWord(word: string, language: string): string {
  const stem = language ? STEMMERS[language] : undefined;
  if (!stem || word.length > MAX_STEMMED || /\p{N}/u.test(word)) return word;
  let current = word;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = once(stem, current);
    if (next === current) return current;
    current = next;
  }
  return word;
}

function once(stem: Stemmer, word: string): string {
  try {
    const out = fold(stem(word));
    return out && /^[\p{L}\p{N}]+$/u.test(out) ? out : word;
  } catch {
    return word;
  }
}

/** The stems of these folded words that differ from the words themselves (each once, in order). */
export function stemsOf(list: readonly string[], language: string): string[] {
  if (!language) return [];
  const have = new Set(list);
  const out = new Set<string>();
  for (const w of list) {
    const s = stemWord(w, language);
    if (!have.has(s)) out.add(s);
  }
  return [...out];
}
