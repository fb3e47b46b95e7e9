import { allCountries } from 'country-region-data';
import type { Country } from './countries.ts';

/*
 * States and provinces from country-region-data. Server only (the `.server` suffix keeps the
 * ~130 kB table out of browser bundles): pages get the list for one country from their loader,
 * widgets from GET /api/countries/:code/states.
 */

let byCountry: Map<string, Country[]> | undefined;

function table(): Map<string, Country[]> {
  byCountry ??= new Map(allCountries.map(([, code, regions]) => [code, regions.map(([name, c]) => ({ code: c, name }))]));
  return byCountry;
}

/** States of a country ({code, name}), in the package's order; empty when it has none or is unknown. */
export function statesOf(country: string): Country[] {
  return table().get(country.toUpperCase()) ?? [];
}

/** The state's name, or undefined for an unknown code. */
export function stateName(country: string, state: string): string | undefined {
  const s = state.toUpperCase();
  return statesOf(country).find((x) => x.code.toUpperCase() === s)?.name;
}

/**
 * Reads what a shopper typed or chose as a state: a code ("CA") or a name ("California"),
 * any case. Gives the code when the country lists it, else the trimmed text unchanged.
 */
export function normalizeState(country: string, state: string): string {
  const s = state.trim();
  if (!s) return '';
  const upper = s.toUpperCase();
  const found = statesOf(country).find((x) => x.code.toUpperCase() === upper || x.name.toUpperCase() === upper);
  return found ? found.code : s;
}
