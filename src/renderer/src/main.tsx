// First: zod's settings before any module builds a schema.
import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getTransport } from './api';
import { App } from './app/App';
import { reloadOnStaleChunk } from './app/chunkReload';

reloadOnStaleChunk(window);

const root = createRoot(document.getElementById('root')!);
getTransport()
  .then((transport) =>
    root.render(
      <StrictMode>
        <App transport={transport} />
      </StrictMode>,
    ),
  )
  .catch((err: unknown) => {
    root.render(<p role="alert">The app could not start: {err instanceof Error ? err.message : String(err)}</p>);
  });
