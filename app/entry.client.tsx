import { startTransition, StrictMode } from 'react';
import { hydrationTrigger } from './ui/hydration-trigger.ts';

// Header, menus, prefetch, page states and the service worker (shell/client): a chunk of its own.
void import('./shell/client/index.ts');

/**
 * React DOM's client and React Router's browser router are the "hydration" chunk
 * (vite.config.ts). Most pages preload it and start React at once; a page whose root marks
 * `data-hydrate="idle"` (block pages, see root.tsx) works from its server HTML first and starts
 * React once the browser is idle after the load, or as soon as the visitor reaches for the
 * page, whichever comes first. Until then links and forms work as they do without scripts,
 * and the header's menus, prefetch and page states already run (shell/client).
 */
async function hydrate(): Promise<void> {
  const [{ hydrateRoot }, { HydratedRouter }] = await Promise.all([import('react-dom/client'), import('react-router/dom')]);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if (document.documentElement.dataset.hydrate === 'idle') hydrationTrigger(hydrate);
else void hydrate();
