/** Locations inside the project, found from this file whether run from source (tsx) or the bundle (dist/). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const clientBuildDir = path.join(projectRoot, 'build', 'client');
export const serverBuildFile = path.join(projectRoot, 'build', 'server', 'index.js');
