import { startTransition, StrictMode } from 'react';
import { reloadOnStaleChunk } from './app/chunkReload';

reloadOnStaleChunk(window);

/**
 * Start-up in steps, each module group evaluated in a task of its own: evaluating all of the start-up code at once
 * was one main-thread task of 100+ ms (issue 33). React DOM first; then zod with its settings (zodConfig must run before
 * any schema is built); then the API contract and the transport; then the locale's formats (components/format.ts);
 * then the app, whose first render is a transition so that React renders it in slices; signed out, the login screen's
 * code before that render.
 */
async function start(rootElement: HTMLElement) {
  const { createRoot } = await import('react-dom/client');
  const root = createRoot(rootElement);
  try {
    await import('./zodConfig');
    // The contract's schemas in two steps (building them is most of the contract's start-up time).
    await import('../../shared/schemas');
    await import('../../shared/list-queries');
    const { getTransport } = await import('./api');
    const transport = await getTransport();
    await (await import('./lib/format')).warmFormats();
    const { App, loadLoginScreen } = await import('./app/App');
    if (!(await transport.session())) await loadLoginScreen();
    startTransition(() =>
      root.render(
        <StrictMode>
          <App transport={transport} />
        </StrictMode>,
      ),
    );
  } catch (err: unknown) {
    root.render(<p role="alert">The app could not start: {err instanceof Error ? err.message : String(err)}</p>);
  }
}

const rootElement = document.getElementById('root')!;
start(rootElement).catch((err: unknown) => {
  rootElement.textContent = `The app could not start: ${err instanceof Error ? err.message : String(err)}`;
});
