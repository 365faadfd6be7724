// A reporter for `node --test` that writes one JSON line a top-level test:
// its file, name, outcome and duration. `make browser-test` adds it beside
// the usual reporter; scripts/test-times.mjs sums the lines by file.
export default async function* fileTimes(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { nesting, file, name, details } = event.data;
    if (nesting !== 0) continue;
    yield `${JSON.stringify({
      file,
      name,
      pass: event.type === 'test:pass',
      ms: details?.duration_ms ?? 0,
    })}\n`;
  }
}
