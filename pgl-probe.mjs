import { PGlite } from '@electric-sql/pglite';
let t=Date.now(); const db = new PGlite(); await db.waitReady; console.log('mem init', Date.now()-t);
const dump = await db.dumpDataDir('none'); console.log('dump', dump.size);
t=Date.now(); const db2 = new PGlite({loadDataDir: dump}); await db2.waitReady; console.log('load', Date.now()-t);
t=Date.now(); const db3 = new PGlite('/tmp/pgl-test'); await db3.waitReady; console.log('file init', Date.now()-t); await db3.close();
t=Date.now(); const db4 = new PGlite('/tmp/pgl-test'); await db4.waitReady; console.log('file reopen', Date.now()-t);
