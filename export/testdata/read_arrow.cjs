// Reads Arrow IPC files with Arrow JS (apache-arrow from npm), as a second
// implementation of the format, and prints each table as JSON: its rows,
// its fields with their types, and every row (64-bit integers as strings).
// Usage: node read_arrow.cjs NODE_MODULES_PARENT FILE...
const { tableFromIPC } = require(require('path').join(process.argv[2], 'node_modules', 'apache-arrow'));
const fs = require('fs');
const out = {};
for (const f of process.argv.slice(3)) {
  const t = tableFromIPC(fs.readFileSync(f));
  const rows = [];
  for (const row of t) {
    rows.push(row.toJSON());
  }
  out[require('path').basename(f)] = {
    numRows: t.numRows,
    fields: t.schema.fields.map(x => x.name + ':' + String(x.type)),
    rows,
  };
}
process.stdout.write(JSON.stringify(out, (k, v) => {
  if (typeof v === 'bigint') return v.toString();
  if (v && typeof v === 'object' && typeof v.toArray === 'function' && !Array.isArray(v)) return Array.from(v.toArray());
  return v;
}));
