import path from 'node:path';

export const SNAPSHOT_FILE = path.resolve('.tmp/test-pglite-snapshot.tar');
