/*
 * Continents for shipping zones ("EU" = every European country), with WooCommerce's codes.
 * country-region-data has no continents, so the grouping is kept here: ISO 3166-1 alpha-2
 * codes by continent, a test checks that every country of that package has exactly one.
 * Transcontinental countries follow common shipping usage (CY, RU in Europe; TR, GE in Asia).
 */

export const CONTINENTS = [
  { code: 'AF', name: 'Africa' },
  { code: 'AN', name: 'Antarctica' },
  { code: 'AS', name: 'Asia' },
  { code: 'EU', name: 'Europe' },
  { code: 'NA', name: 'North America' },
  { code: 'OC', name: 'Oceania' },
  { code: 'SA', name: 'South America' },
] as const;

export type ContinentCode = (typeof CONTINENTS)[number]['code'];

const MEMBERS: Record<ContinentCode, string> = {
  AF:
    'DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT ' +
    'MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW',
  AN: 'AQ BV GS HM TF',
  AS:
    'AF AM AZ BH BD BT IO BN KH CN CX CC GE HK IN ID IR IQ IL JP JO KZ KP KR KW KG LA LB MO MY MV MN MM NP OM ' +
    'PK PS PH QA SA SG LK SY TW TJ TH TL TR TM AE UZ VN YE',
  EU:
    'AX AL AD AT BY BE BA BG HR CY CZ DK EE FO FI FR DE GI GR GG VA HU IS IE IM IT JE XK LV LI LT LU MK MT MD ' +
    'MC ME NL NO PL PT RO RU SM RS SK SI ES SE CH UA GB',
  NA:
    'AI AG AW BS BB BZ BM BQ VG CA KY CR CU CW DM DO SV GL GD GP GT HT HN JM MQ MX MS NI PA PR BL KN LC MF PM ' +
    'VC SX TT TC US VI',
  OC: 'AS AU CK FJ PF GU KI MH FM NR NC NZ NU NF MP PW PG PN WS SB TK TO TV UM VU WF',
  SA: 'AR BO BR CL CO EC FK GF GY PY PE SR UY VE',
};

const byCountry = new Map<string, ContinentCode>();
for (const [continent, codes] of Object.entries(MEMBERS) as [ContinentCode, string][]) {
  for (const code of codes.split(' ')) byCountry.set(code, continent);
}

/** The continent of a country code, or null for an unknown code. */
export function continentOf(country: string): ContinentCode | null {
  return byCountry.get(country.toUpperCase()) ?? null;
}

export function isContinent(code: string): code is ContinentCode {
  return CONTINENTS.some((c) => c.code === code);
}

/** The country codes of a continent. */
export function countriesOf(continent: ContinentCode): string[] {
  return MEMBERS[continent].split(' ');
}
