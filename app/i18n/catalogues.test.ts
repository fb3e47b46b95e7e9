import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, cpSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { catalogueNames, languages, readCatalogue, strayFiles, SOURCE_LANGUAGE, type Catalogue } from '../../scripts/messages/catalogues.ts';
import { shapeOf } from '../../scripts/messages/shape.ts';
import { bundleOf, compileAll } from '../../scripts/compile-messages.ts';

/* The PO catalogues every language ships (app/i18n/locales), as a translator or the build reads them. */

const names = catalogueNames();
const english = new Map<string, Catalogue>();
for (const name of names) english.set(name, (await readCatalogue(SOURCE_LANGUAGE, name))!);
const others = languages().filter((l) => l !== SOURCE_LANGUAGE);

const sorted = (s: Iterable<string>) => [...s].sort();

describe('message catalogues', () => {
  it('give every id once: no English id in two catalogues a screen reads together', () => {
    const seen = new Map<string, string[]>();
    for (const [name, c] of english) for (const id of c.messages.keys()) seen.set(id, [...(seen.get(id) ?? []), name]);
    const twice = [...seen].filter(([, where]) => where.length > 1 && (where.includes('site') || new Set(where.map(bundleOf)).size < where.length));
    expect(twice).toEqual([]);
  });

  it('know every id the code asks for by name', () => {
    const ids = new Set([...english.values()].flatMap((c) => [...c.messages.keys()]));
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'app', 'server', 'cli'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && !f.startsWith('app/i18n/'));
    const unknown = new Set<string>();
    for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(/\b(?:t|plural)\(\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g)) if (!ids.has(m[1]!)) unknown.add(`${f}: ${m[1]}`);
    expect(sorted(unknown)).toEqual([]);
  });

  it('hold only valid ICU messages; a counted English message has "one" and "other"', () => {
    const broken: string[] = [];
    for (const c of english.values())
      for (const [id, message] of c.messages) {
        try {
          for (const [, categories] of shapeOf(compileMessageOrThrow(message)).plurals) if (!categories.has('other') || !categories.has('one')) broken.push(`${id}: no one/other`);
        } catch (e) {
          broken.push(`${id}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
    expect(broken).toEqual([]);
  });

  it.each(others.length ? others : ['(none yet)'])('in %s: only English ids, each valid ICU with the same placeholders and the language’s plural forms', async (lang) => {
    if (!others.includes(lang)) return;
    expect(strayFiles(lang)).toEqual([]);
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
    const problems: string[] = [];
    for (const name of names) {
      const own = await readCatalogue(lang, name);
      if (!own) continue;
      const source = english.get(name)!;
      for (const [id, translated] of own.messages) {
        const where = `${own.file} ${id}`;
        if (!source.messages.has(id)) {
          problems.push(`${where}: not an English id`);
          continue;
        }
        if (!translated) continue; // Falls back to English.
        try {
          const want = shapeOf(compileMessageOrThrow(source.messages.get(id)!));
          const got = shapeOf(compileMessageOrThrow(translated));
          if (sorted(got.placeholders).join() !== sorted(want.placeholders).join()) problems.push(`${where}: placeholders ${sorted(got.placeholders).join()} instead of ${sorted(want.placeholders).join()}`);
          for (const [arg, forms] of got.plurals) {
            const missing = ['other', ...categories].filter((c) => !forms.has(c));
            if (missing.length) problems.push(`${where}: {${arg}} lacks ${[...new Set(missing)].join(', ')}`);
          }
        } catch (e) {
          problems.push(`${where}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('fail the build on a broken ICU message, naming its id, file and language', () => {
    const root = mkdtempSync(join(tmpdir(), 'locales-'));
    cpSync('app/i18n/locales/en', join(root, 'en'), { recursive: true });
    mkdirSync(join(root, 'de'));
    writeFileSync(join(root, 'de', 'site.po'), 'msgid ""\nmsgstr ""\n"Language: de\\n"\n\n#. Submenu: {label}\nmsgid "site.submenuToggle"\nmsgstr "Untermenü: {label"\n');
    return expect(compileAll(root, join(root, 'compiled'))).rejects.toThrow('Message "site.submenuToggle" in ' + join(root, 'de', 'site.po') + ' (de) is not valid ICU');
  });
});
