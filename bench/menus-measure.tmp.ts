import { initialScripts } from './scenarios/90-lighthouse.ts';
const base = process.argv[2]!;
for (const p of process.argv.slice(3)) {
  const js = await initialScripts(base, p);
  console.log(p, (js.total / 1024).toFixed(2), 'KB', js.files.slice(0, 4).map((f) => `${f.url.split('/').pop()} ${(f.gzip / 1024).toFixed(1)}`).join(', '));
}
