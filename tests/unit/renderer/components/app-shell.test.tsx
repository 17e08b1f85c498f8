import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { Router } from 'wouter';
import { AppHeader } from '../../../../src/renderer/src/components/app-header.tsx';

const INDEX = path.resolve(import.meta.dirname, '../../../../src/renderer/index.html');

/** Markup as a layout sees it: whitespace between tags dropped, runs of it made one space. */
const normal = (html: string) =>
  html
    .replace(/\s+/g, ' ')
    .replace(/>\s+</g, '><')
    .replace(/\s+(\/?>)/g, '$1')
    .trim();

// index.html carries the app's header, so the window paints it before any script runs;
// React replaces it with the same header when it mounts. They must never drift apart.
it('index.html’s shell is the header the app renders before the profile loads', () => {
  const html = fs.readFileSync(INDEX, 'utf8');
  const shell = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1];
  expect(shell, 'index.html has a shell inside #root').toBeTruthy();
  const rendered = renderToStaticMarkup(
    <Router hook={() => ['/', () => {}]} hrefs={(href) => `#${href}`}>
      <AppHeader />
    </Router>,
  )
    // React hoists a preload for the avatar; the page's own <img> loads it just as early.
    .replace(/^<link rel="preload"[^>]*>/, '');
  expect(normal(shell!)).toBe(normal(rendered));
});
