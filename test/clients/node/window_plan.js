'use strict';
// test/clients/node/window_plan.js: a time window written through the id's
// second, `WHERE id::timestamptz >= $1`, with a JavaScript Date as the
// bound, is read through the key's index from a new client's first
// statement after registerObjectId() (issue 47), and from its second;
// against the database named by the PG* environment, with the C extension
// in the schema given as the first argument, where test/clients/check has
// made the table client_windows (see ../window_plan.py).  node-postgres
// sends a Date as text with its offset and no type: the server reads it
// as the type the comparison needs, here timestamptz.
const { Client } = require('pg');
const { registerObjectId } = require('objectid-pg');
const { check, passed, packageVersion } = require('../common');

const EXPLAIN = 'EXPLAIN (FORMAT JSON) SELECT id FROM client_windows WHERE id::timestamptz >= $1';

// scans(node): the plan's nodes, as 'Node Type on index or relation'
const scans = (node) => [`${node['Node Type']} on ${node['Index Name'] || node['Relation Name']}`]
  .concat(...(node.Plans || []).map(scans));

async function main() {
  const schema = process.argv[2];
  const bound = new Date(Date.UTC(2025, 11, 1));
  const client = new Client();
  await client.connect();
  try {
    await registerObjectId(client);
    for (const which of ['first', 'second']) {
      const { rows } = await client.query(EXPLAIN, [bound]);
      const nodes = scans(rows[0]['QUERY PLAN'][0].Plan);
      check(nodes.some((n) => n.endsWith(' on client_windows_pkey')),
        `a Date bound, a new client's ${which} statement after registerObjectId: ${JSON.stringify(nodes)}, not the key's index`);
    }
  } finally {
    await client.end();
  }
  console.log(`window plan (node-postgres ${packageVersion(__dirname, 'pg')}, c, schema ${schema}): ${passed()} checks passed`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
