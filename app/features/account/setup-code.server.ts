import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The one-time code that claims a fresh shop. Whoever reaches /admin/setup first on a new
 * install would otherwise become its administrator; the code is printed in the server log
 * (and by `npx vitrine setup-code`), so only someone who can read those can claim it. It is
 * kept in DATA_DIR (owner-only permissions), so every process of the shop — the workers, the
 * CLI, a restart — agrees on one code. Once an administrator exists it is deleted, and setup
 * is refused whatever code is given.
 */

const FILE = 'setup-code';
// No 0/O, 1/I/L: the code is read from a log and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 12 characters from 31: about 59 bits, out of reach of guessing at 10 attempts per 15 minutes. */
const LENGTH = 12;

export const setupCodeFile = (dataDir: string) => path.join(dataDir, FILE);

const normalise = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

function newCode(): string {
  let s = '';
  for (let i = 0; i < LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s.match(/.{4}/g)!.join('-');
}

/** The setup code, created on first use. The file is created exclusively, so processes starting together agree. */
export function readOrCreateSetupCode(dataDir: string): string {
  const file = setupCodeFile(dataDir);
  const existing = readCode(file);
  if (existing) return existing;
  // An empty or cut-off file (a crash mid-write) is replaced rather than trusted.
  rmSync(file, { force: true });
  mkdirSync(dataDir, { recursive: true });
  const code = newCode();
  try {
    writeFileSync(file, `${code}\n`, { mode: 0o600, flag: 'wx' });
    return code;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readCode(file) ?? code;
  }
}

function readCode(file: string): string | null {
  try {
    const code = readFileSync(file, 'utf8').trim();
    return normalise(code).length === LENGTH ? code : null;
  } catch {
    return null;
  }
}

const digest = (s: string) => createHash('sha256').update(normalise(s)).digest();

/** Whether `given` is the current setup code (spaces, dashes and case ignored), compared in constant time. */
export function setupCodeMatches(dataDir: string, given: string): boolean {
  const code = readCode(setupCodeFile(dataDir));
  if (!code) return false;
  return timingSafeEqual(digest(code), digest(given));
}

/** Forgets the code (the shop has an administrator now). */
export function removeSetupCode(dataDir: string): void {
  rmSync(setupCodeFile(dataDir), { force: true });
}
