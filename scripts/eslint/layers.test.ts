// engine-independent: lints planted source text; no database
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The layer messages ESLint gives a file at `filePath` holding `code`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === 'project/layers').map((message) => message.message);
}

describe('the layer rule', () => {
  it.each([
    ['shared/planted.ts', 'server/', "import { buildApp } from '../server/app';\nexport const x = buildApp;\n"],
    ['shared/planted.ts', 'web/', "import { PublicPage } from '../web/lib/public-page';\nexport const x = PublicPage;\n"],
    ['server/planted.ts', 'web/', "import { PUBLIC_PAGES } from '../web/lib/public-pages';\nexport const x = PUBLIC_PAGES;\n"],
    ['web/pages/planted.tsx', 'web/components/admin/', "import { btn } from '../components/admin/classes';\nexport const x = btn;\n"],
    ['web/public-entry-planted.tsx', 'web/lib/admin/', "import { apiJson } from './lib/admin/api';\nexport const x = apiJson;\n"],
    [
      'web/components/public/planted.tsx',
      'server/',
      "import { loggableError } from '../../../server/errors';\nexport const x = loggableError;\n",
    ],
    ['web/routes/admin/planted.tsx', 'server/', "import { readEnv } from '../../../server/env';\nexport const x = readEnv;\n"],
    ['e2e/planted.ts', 'web/components/admin/', "import { btn } from '../web/components/admin/classes';\nexport const x = btn;\n"],
  ])('refuses in %s an import of %s', async (file, target, code) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${target} may not be imported here`);
  });

  it.each([
    ['web/lib/planted.server.ts', "import { loggableError } from '../../server/errors';\nexport const x = loggableError;\n"],
    ['web/routes/admin/planted.tsx', "import type { Services } from '../../../server/services';\nexport type X = Services;\n"],
    ['e2e/planted.ts', "import { startSmtpServer } from '../server/test/smtp-server';\nexport const x = startSmtpServer;\n"],
    ['scripts/planted.ts', "import { buildApp } from '../server/app';\nexport const x = buildApp;\n"],
  ])('lets %s import what its layer allows', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });

  it('names a file outside every layer', async () => {
    const errors = await layerErrors('tools/planted.ts', 'export const x = 1;\n');
    expect(errors).toEqual([expect.stringContaining('belongs to no layer')]);
  });
});
