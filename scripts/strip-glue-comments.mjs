// Drops the doc comments wasm-bindgen copies from the Rust sources into the
// page package's JavaScript glue (www/pkg/virada.js): the page downloads it
// before its first board, and the comments were a third of its gzip weight
// (docs/development.md). The types stay in virada.d.ts, which tsc reads.
//   node scripts/strip-glue-comments.mjs www/pkg/virada.js
import { readFileSync, writeFileSync } from 'node:fs';

for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  // The glue is generated code: a `/**` only ever opens a doc comment there.
  const stripped = text.replace(/[ \t]*\/\*\*[\s\S]*?\*\/[ \t]*\n/g, '');
  writeFileSync(file, stripped);
  console.log(`${file}: ${text.length} → ${stripped.length} bytes`);
}
