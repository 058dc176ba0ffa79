import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from '../../src/renderer/src/app/lazyScreen';

const load = () => Promise.resolve({ default: () => createElement('h1', null, 'The screen') });
const html = (Screen: ComponentType) =>
  renderToString(createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Screen)));

// Issue 55: a screen whose chunk was preloaded renders in the same pass, not after a suspension React may reveal late.
describe('lazyScreen', () => {
  it('renders a preloaded screen without suspending', async () => {
    const { Screen, preload } = lazyScreen(load);
    await preload();
    expect(html(Screen)).toContain('The screen');
  });

  it('suspends on a screen not loaded yet, as lazy() does even with its chunk loaded', async () => {
    expect(html(lazyScreen(load).Screen)).toContain('Loading');
    const plain = lazy(load);
    await load();
    expect(html(plain)).toContain('Loading');
  });
});
