// SPDX-License-Identifier: GPL-2.0-or-later
// Builds the reference page into dist/ (or the folder given): a flat folder of static files that
// purse-server serves at /api/public/v1/docs/<file name>. Every file but
// index.html is named after its content (name.<12 hex digits of its
// SHA-256>.ext, and index.html refers to those names), so the server can
// let browsers keep them for a year: a new build has new names. The renderer is
// Swagger UI from the npm package swagger-ui-dist, copied as is with its
// licence texts (LICENSE, NOTICE, the bundle's LICENSE.txt); nothing is
// loaded from outside at run time, and there is no inline script (the
// server's Content-Security-Policy forbids it).
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const swagger = dirname(require.resolve('swagger-ui-dist/package.json'));
// `node build.mjs [OUT]`: into OUT (CMake gives its build folder), else dist/.
const dist = process.argv[2] ? resolve(process.argv[2]) : join(here, 'dist');

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const assets = ['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-16x16.png', 'favicon-32x32.png'];
for (const file of assets) copyFileSync(join(swagger, file), join(dist, file));
for (const file of readdirSync(join(here, 'src'))) copyFileSync(join(here, 'src', file), join(dist, file));

// Content-hashed names; index.html is the one entry point and keeps its name.
const renamed = new Map();
for (const file of readdirSync(dist)) {
  if (file === 'index.html') continue;
  const hash = createHash('sha256').update(readFileSync(join(dist, file))).digest('hex').slice(0, 12);
  const dot = file.lastIndexOf('.');
  const hashed = `${file.slice(0, dot)}.${hash}${file.slice(dot)}`;
  renameSync(join(dist, file), join(dist, hashed));
  renamed.set(file, hashed);
}
let index = readFileSync(join(dist, 'index.html'), 'utf8');
for (const [file, hashed] of renamed) {
  const ref = `/api/public/v1/docs/${file}"`;
  if (!index.includes(ref)) throw new Error(`index.html does not refer to ${file}`);
  index = index.split(ref).join(`/api/public/v1/docs/${hashed}"`);
}
writeFileSync(join(dist, 'index.html'), index);
// Swagger UI's licence (Apache-2.0) and NOTICE, and the licences of what its
// bundle contains, under their own names: the bundle's first line sends
// readers to swagger-ui-bundle.js.LICENSE.txt beside it.
const notices = ['LICENSE', 'NOTICE', 'swagger-ui-bundle.js.LICENSE.txt'];
for (const file of notices) copyFileSync(join(swagger, file), join(dist, file));

const files = readdirSync(dist);
for (const f of files) {
  if (!/^[A-Za-z0-9._-]+$/.test(f)) throw new Error(`asset name not servable flat: ${f}`);
}
console.log(`docs: wrote ${files.length} files to ${dist}:`);
for (const f of files.sort()) console.log(`  ${f} (${statSync(join(dist, f)).size} bytes)`);
