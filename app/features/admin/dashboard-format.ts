import { formatDate, type LocaleSource } from '../../lib/format.ts';

/** Dates on the dashboard (isomorphic): UTC, as its figures are counted, in the shop's language. */

/** "3 May" from "2026-05-03". */
export const shortDay = (day: string, locale: LocaleSource) => formatDate(day, locale, 'dayMonth');

/** "3 May 2026" from an ISO time. */
export const shortDate = (iso: string, locale: LocaleSource) => formatDate(iso, locale, 'medium');
