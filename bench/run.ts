// npm run bench -- <name> [options]: runs one benchmark from bench/<name>.ts.
const name = process.argv[2];
const known = [
  'queries',
  'uploads',
  'site',
  'guard',
  'panel',
  'soak',
  'fuzz',
  'newsroom',
  'ingest',
  'server',
  'render',
  'abuse',
  'scale',
];
if (!name || !known.includes(name)) {
  console.error(`usage: npm run bench -- <${known.join('|')}>`);
  process.exit(2);
}
await import(`./${name}.ts`);
