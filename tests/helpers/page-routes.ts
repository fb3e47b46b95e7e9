import { readdirSync, readFileSync, statSync } from 'node:fs';

/** Every page path of app/routes.ts (with `:param` and `*` left in) and its route module. */
export function pageRoutes(): { path: string; file: string }[] {
  const text = readFileSync(new URL('../../app/routes.ts', import.meta.url), 'utf8');
  const home = /index\('([^']+)'/.exec(text)![1]!;
  return [{ path: '/', file: home }, ...[...text.matchAll(/route\('([^']+)', '([^']+)'/g)].filter((m) => m[1] !== '*').map((m) => ({ path: `/${m[1]}`, file: m[2]! }))];
}

/** Every cookie name the shop's code spells out (`'vt_…'`), so a new cookie is covered without listing it. */
export function cookieNames(): string[] {
  const names = new Set<string>();
  const walk = (dir: URL) => {
    for (const entry of readdirSync(dir)) {
      const url = new URL(entry, dir);
      if (statSync(url).isDirectory()) walk(new URL(`${entry}/`, dir));
      else if (/\.tsx?$/.test(entry) && !entry.includes('.test.')) for (const m of readFileSync(url, 'utf8').matchAll(/'(vt_[a-z_]+)'/g)) names.add(m[1]!);
    }
  };
  walk(new URL('../../app/', import.meta.url));
  walk(new URL('../../server/', import.meta.url));
  return [...names].sort();
}
