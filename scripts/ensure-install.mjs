// Runs before `npm start` / `npm test`: installs the locked dependencies when they are
// missing or older than package-lock.json, so a fresh clone needs no separate install step.
// Uses only Node built-ins (nothing is installed yet when it runs).
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('Installing the locked dependencies (npm ci)…');
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  try {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit', env });
  } catch {
    // No fallback to `npm install`: it would rewrite package-lock.json and install something
    // other than what was tested (docs/decisions/0002-npm-install-fallback.md).
    console.error(
      '\nCould not install the locked dependencies: `npm ci` failed (see its messages above).\n' +
        'Check the network and the registry, or that package-lock.json matches package.json,\n' +
        'then run `npm ci` yourself and start again.',
    );
    process.exit(1);
  }
}
