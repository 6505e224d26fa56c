import { describe, expect, it } from 'vitest';
import { siteEntryFiles } from './size.ts';

describe('site size budget: what a prerendered page loads before first render', () => {
  it('counts module scripts, stylesheets and modulepreloads; not icons, prefetches, media or other origins', () => {
    const html = `<!doctype html><html><head>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/jsxRuntime-def.js">
      <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
      <link rel="modulepreload" crossorigin href="/assets/home-jkl.js">
      <link rel="prefetch" href="/assets/later-mno.js">
      <link rel="preload" as="image" href="/media/images/hero-1.svg">
      <script src="https://cdn.example/x.js"></script>
    </head><body><img src="/media/images/hero-1.svg"></body></html>`;
    expect(siteEntryFiles(html)).toEqual([
      'assets/index-abc.js',
      'assets/jsxRuntime-def.js',
      'assets/index-ghi.css',
      'assets/home-jkl.js',
    ]);
  });
});
