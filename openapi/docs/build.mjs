// Builds the reference page into dist/: a flat folder of static files that
// purse-server serves at /api/public/v1/docs/<file name>. The renderer is
// Swagger UI from the npm package swagger-ui-dist, copied as is; nothing is
// loaded from outside at run time, and there is no inline script (the
// server's Content-Security-Policy forbids it).
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const swagger = dirname(require.resolve('swagger-ui-dist/package.json'));
const dist = join(here, 'dist');

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);
const assets = ['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-16x16.png', 'favicon-32x32.png'];
for (const file of assets) copyFileSync(join(swagger, file), join(dist, file));
for (const file of readdirSync(join(here, 'src'))) copyFileSync(join(here, 'src', file), join(dist, file));

const files = readdirSync(dist);
for (const f of files) {
  if (!/^[A-Za-z0-9._-]+$/.test(f)) throw new Error(`asset name not servable flat: ${f}`);
}
console.log(`docs: wrote ${files.length} files to ${dist}:`);
for (const f of files.sort()) console.log(`  ${f} (${statSync(join(dist, f)).size} bytes)`);
