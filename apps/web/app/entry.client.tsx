import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// React Router's default client entry, except that hydration waits for the browser's next frame:
// reading pages are complete in the server HTML (they work without JavaScript), so the reader sees
// them painted first and React's work comes after, instead of holding back the first paint.
function hydrate(): void {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

requestAnimationFrame(() => setTimeout(hydrate, 0));
