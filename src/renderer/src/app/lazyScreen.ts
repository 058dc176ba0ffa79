import { lazy, type ComponentType } from 'react';

type ScreenModule = { default: ComponentType };

/**
 * React.lazy with a `preload` that starts loading the chunk before the router renders it (issue 55). A chunk loaded by
 * then renders in the same pass: lazy() suspends on a promise even when it has settled, and React reveals what a
 * Suspense boundary waited for up to 300 ms after its fallback showed; a thenable that answers at once does not suspend.
 */
export function lazyScreen(load: () => Promise<ScreenModule>) {
  let loaded: ScreenModule | null = null;
  const preload = () => load().then((m) => (loaded = m));
  const settled = (m: ScreenModule) => ({ then: (done: (value: ScreenModule) => void) => done(m) }) as unknown as Promise<ScreenModule>;
  const Screen = lazy(() => (loaded ? settled(loaded) : preload()));
  return { Screen, preload };
}
