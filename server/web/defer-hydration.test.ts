// engine-independent: rewrites HTML; no database
import { describe, expect, it } from 'vitest';
import { deferHydration } from './defer-hydration';

const page = [
  '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/>',
  '<link rel="stylesheet" href="/assets/root.css"/></head><body><main>Text</main>',
  '<script nonce="N1">window.__reactRouterContext = {};</script>',
  '<script nonce="N1" type="module" async="">import * as route0 from "/assets/root-B.js";\nwindow.x = "<!--<b>";</script>',
  '</body></html>',
].join('');

describe('deferred hydration', () => {
  it('drops the module preloads and turns the module script into a loader with the same code', () => {
    const { html, insertedScript } = deferHydration(page);
    expect(insertedScript).toBe('import * as route0 from "/assets/root-B.js";\nwindow.x = "<!--<b>";');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('<script nonce="N1" type="module"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(html).toContain('<script nonce="N1">window.__reactRouterContext = {};</script>');
    const loader = /<script nonce="N1">(\(function\(code,nonce\)[\s\S]*?)<\/script><\/body>/.exec(html);
    expect(loader).not.toBeNull();
    // the code string cannot open a comment or a tag inside the script element
    expect(loader![1]).not.toMatch(/<!--|<b>/);
    expect(loader![1]).toContain(JSON.stringify('import * as route0 from "/assets/root-B.js";').slice(1, -1));
  });

  it('adds the module script back with the page nonce once the page has loaded', () => {
    const loader = /<script nonce="N1">(\(function\(code[\s\S]*?)<\/script><\/body>/.exec(deferHydration(page).html)![1];
    const added: { type: string; nonce: string; textContent: string }[] = [];
    const listeners: Record<string, () => void> = {};
    const document = {
      readyState: 'interactive',
      currentScript: { nonce: 'N1' },
      createElement: () => ({ type: '', nonce: '', textContent: '' }),
      head: { appendChild: (node: (typeof added)[number]) => added.push(node) },
    };
    const addEventListener = (type: string, listener: () => void) => (listeners[type] = listener);
    new Function('document', 'addEventListener', loader)(document, addEventListener);
    expect(added).toHaveLength(0);
    listeners.load();
    listeners.pointerdown();
    expect(added).toEqual([
      { type: 'module', nonce: 'N1', textContent: 'import * as route0 from "/assets/root-B.js";\nwindow.x = "<!--<b>";' },
    ]);
  });

  it('leaves a page without a module script as it is', () => {
    expect(deferHydration('<html><body>No scripts</body></html>')).toEqual({
      html: '<html><body>No scripts</body></html>',
      insertedScript: null,
    });
  });

  it('defers a page rendered without a nonce (cached pages), adding none', () => {
    const { html, insertedScript } = deferHydration(page.replaceAll(' nonce="N1"', ''));
    expect(html).toMatch(/<script>\(function\(code,nonce\)/);
    expect(html).not.toContain('nonce="');
    expect(insertedScript).toContain('import * as route0');
  });
});
