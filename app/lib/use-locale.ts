import { useRouteLoaderData } from 'react-router';
import type { LocaleSource } from './format.ts';

/** The shop's language and country from the root loader's settings, for format.ts in a component ("en" before any). */
export function useLocale(): LocaleSource {
  const settings = (useRouteLoaderData('root') as { settings?: { language?: string; baseCountry?: string } } | undefined)?.settings;
  return { language: settings?.language ?? 'en', baseCountry: settings?.baseCountry ?? '' };
}
