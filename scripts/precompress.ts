import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Writes .br and .gz beside each built asset so the server sends them without compressing per request. */
const dir = path.resolve('build/client/assets');
const files = (await readdir(dir)).filter((f) => /\.(js|css|svg|json|map)$/.test(f));
let saved = 0;
for (const f of files) {
  const file = path.join(dir, f);
  const body = await readFile(file);
  if (body.length < 1024) continue;
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  saved += body.length - br.length;
}
console.log(`precompressed ${files.length} assets (${Math.round(saved / 1024)} KiB saved with brotli)`);
