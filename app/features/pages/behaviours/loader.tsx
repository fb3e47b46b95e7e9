import { useEffect } from 'react';
import type { Behaviour } from '../render/behaviours.ts';

/*
 * The page behaviours' loader: the only part of them in a page's first JavaScript. After
 * hydration it loads the code of the behaviours the page names (the page wrapper's
 * data-behaviours, from the loader data) and nothing else, each as its own chunk, and starts
 * them on the server-rendered markup. Should a chunk fail to load (offline, a new
 * deployment), the markup keeps working as it does without scripts.
 */

type Module = { init: (root: HTMLElement) => () => void };

/** Behaviour name → its module. Names sharing a module load it once. CSS-only names have none. */
const MODULES: Partial<Record<Behaviour, () => Promise<Module>>> = {};
const slider = () => import('./slider.ts');
const lightbox = () => import('./lightbox.ts');
const video = () => import('./video.ts');
const scroll = () => import('./scroll.ts');
MODULES.slider = slider;
MODULES.tabs = () => import('./tabs.ts');
MODULES.accordion = () => import('./accordion.ts');
MODULES.lightbox = lightbox;
MODULES['lightbox-open'] = lightbox;
MODULES['count-up'] = () => import('./count-up.ts');
MODULES.animate = () => import('./animate.ts');
MODULES['scroll-to'] = () => import('./scroll-to.ts');
MODULES['back-to-top'] = scroll;
MODULES['scroll-for-more'] = scroll;
MODULES['sticky-sidebar'] = () => import('./sticky-sidebar.ts');
MODULES['lazy-bg'] = () => import('./lazy-bg.ts');
MODULES.parallax = () => import('./parallax.ts');
MODULES.video = video;
MODULES['bg-video'] = video;
MODULES.tooltip = () => import('./tooltip.ts');

/** The module loaders a list of behaviour names needs, each once. */
export function modulesFor(names: readonly string[]): (() => Promise<Module>)[] {
  return [...new Set(names.map((n) => MODULES[n as Behaviour]).filter((m) => m !== undefined))];
}

/** Starts the page's behaviours once hydrated; stops them when the page changes or goes. */
export function PageBehaviours({ names, page }: { names: readonly string[]; page: number }) {
  const key = names.join(' ');
  useEffect(() => {
    const root = document.querySelector<HTMLElement>('.block-page');
    if (!root || !key) return;
    let live = true;
    const cleanups: (() => void)[] = [];
    const started = modulesFor(key.split(' ')).map((load) =>
      load().then((m) => {
        if (live) cleanups.push(m.init(root));
      }),
    );
    // Tests and styles can tell when every behaviour has started (or failed to load).
    void Promise.allSettled(started).then(() => {
      if (live) root.dataset.behavioursReady = 'true';
    });
    return () => {
      live = false;
      delete root.dataset.behavioursReady;
      for (const c of cleanups.splice(0)) c();
    };
  }, [key, page]);
  return null;
}
