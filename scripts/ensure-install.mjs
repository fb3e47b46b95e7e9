// Runs before `npm start` / `npm test`: installs the locked dependencies when they are
// missing or older than package-lock.json, so a fresh clone needs no separate install step.
// Uses only Node built-ins (nothing is installed yet when it runs).
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('Installing the locked dependencies…');
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  try {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit', env });
  } catch {
    // A registry without every platform's optional builds makes `npm ci` reject the lock;
    // `npm install` installs the same locked versions.
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit', env });
  }
}
