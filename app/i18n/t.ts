import { en, type MessageKey } from './en.ts';

/**
 * Looks a message up in the catalog and fills in {placeholders}. English is the only
 * catalog shipped; a missing key falls back to English.
 */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text: string = en[key];
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}
