import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { HYDRATED_EVENT, whenIdle } from './hydration-trigger.ts';
import { HELD_EVENTS, holdEvent, ISLAND_ATTRIBUTE, replayHeld, type Held } from './held-events.ts';

/*
 * Islands: parts of a page whose code is not in its first JavaScript. The server renders
 * them in full, like any component. In the browser the page hydrates without them: React
 * keeps their server HTML as it is (a Suspense boundary still waiting for its code) until
 * the shopper comes near — the part scrolls into view, the pointer or focus enters it — or
 * the browser is idle after the page has loaded. Then the code loads and the part hydrates.
 *
 * Clicks, submits and typing inside a part still waiting for its code are held back (not
 * lost, not sent as a plain page load) and replayed once it has hydrated; should the code
 * fail to load, they are let through, so links and plain form posts still work.
 *
 * The part's props travel through a small store rather than as React props: a boundary that
 * receives new props before it has hydrated would be thrown away and rendered again from
 * scratch (blank meanwhile). After a client-side navigation there is no server HTML to keep:
 * the code loads at once.
 */

export type IslandTrigger = 'visible' | 'interaction' | 'scroll' | 'idle';

/** Opens once: islands sharing a gate load together (parts of one form in different places). */
export interface IslandGate {
  promise: Promise<void>;
  open: () => void;
}
export function islandGate(): IslandGate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** True once the document's first hydration has committed (see useDocumentHydrated). */
let documentHydrated = false;
/** Every island's gate: a router update loads them all (see useDocumentHydrated). */
const gates = new Set<() => void>();

/**
 * Call in the root layout. Islands rendered after the first hydration load their code at once.
 * A navigation or revalidation reaches every island still waiting, and React cannot apply it
 * to a part before it has its code: all of them load then.
 */
export function useDocumentHydrated(): void {
  const navigation = useNavigation().state;
  const revalidation = useRevalidator().state;
  if (documentHydrated && (navigation !== 'idle' || revalidation !== 'idle')) gates.forEach((open) => open());
  useEffect(() => {
    documentHydrated = true;
    // For scripts and tests that must wait until React owns the whole page.
    document.documentElement.setAttribute('data-hydrated', '');
    document.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}

/** The fallback of an island React had to render afresh (an update before it hydrated): its code is needed now. */
function Opener({ open }: { open: () => void }) {
  useEffect(open, [open]);
  return null;
}

const NEAR = ['pointerover', 'pointerdown', 'focusin', 'touchstart'];

/** Marks the boundary hydrated: its effect runs once the part's code has run in the browser. */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

interface Store<P> {
  first: P;
  props: P;
  notify?: () => void;
}

/**
 * Wraps a lazily loaded component (a module whose default export it is) as an island; the
 * returned component takes the same props. `when` lists what may load it during hydration.
 */
export function island<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  when: IslandTrigger[] = ['visible', 'interaction', 'idle'],
  { promise: gate, open }: IslandGate = islandGate(),
) {
  let failed = false;
  const onFail = new Set<() => void>();
  gates.add(open);

  const Part = lazy(async () => {
    // The server renders at once; in the browser the gate opens on a trigger, or at once for
    // a part mounted after the first hydration (see `late` below).
    if (typeof document !== 'undefined') await gate;
    try {
      const { default: Component } = await load();
      return {
        default: function Live({ store }: { store: Store<P> }) {
          const subscribe = useMemo(
            () => (cb: () => void) => {
              store.notify = cb;
              return () => void (store.notify = undefined);
            },
            [store],
          );
          return <Component {...useSyncExternalStore(subscribe, () => store.props, () => store.first)} />;
        },
      };
    } catch {
      // Offline or a new deployment: the server HTML stays as it is, working as without scripts.
      failed = true;
      onFail.forEach((f) => f());
      return new Promise<never>(() => {});
    }
  });

  return function Island(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    const [store] = useState<Store<P>>(() => ({ first: props, props }));
    const held = useRef<Held[] | null>([]);
    // Mounted after the first hydration (a client-side navigation): no server HTML to keep.
    const [late] = useState(() => typeof document !== 'undefined' && documentHydrated);
    if (late) open();

    useLayoutEffect(() => {
      if (store.props === props) return;
      store.props = props;
      store.notify?.();
    });

    const onReady = useMemo(
      () => () => {
        const events = held.current;
        held.current = null;
        if (events) void replayHeld(events);
      },
      [],
    );

    useEffect(() => {
      const wrap = ref.current!;
      if (!held.current || failed) return;
      const hold = (e: Event) => {
        if (!held.current || !wrap.contains(e.target as Node)) return;
        open();
        const kept = holdEvent(e);
        if (kept) held.current.push(kept);
      };
      const stop = () => {
        HELD_EVENTS.forEach((name) => window.removeEventListener(name, hold, true));
        NEAR.forEach((name) => wrap.removeEventListener(name, open));
        window.removeEventListener('scroll', open);
        io?.disconnect();
        onFail.delete(release);
      };
      const release = () => (stop(), onReady());
      HELD_EVENTS.forEach((name) => window.addEventListener(name, hold, true));
      onFail.add(release);
      if (when.includes('interaction')) NEAR.forEach((name) => wrap.addEventListener(name, open, { passive: true }));
      if (when.includes('scroll')) window.addEventListener('scroll', open, { passive: true });
      const io = when.includes('visible') && typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && open(), { rootMargin: '200px' }) : null;
      for (const child of wrap.children) io?.observe(child);
      if (when.includes('idle')) whenIdle(open);
      void gate.then(() => {
        io?.disconnect();
        NEAR.forEach((name) => wrap.removeEventListener(name, open));
        window.removeEventListener('scroll', open);
      });
      return stop;
    }, [onReady]);

    // The same element every render: the boundary sees no update before it has hydrated.
    return useMemo(
      () => (
        <div ref={ref} style={{ display: 'contents' }} {...{ [ISLAND_ATTRIBUTE]: '' }}>
          <Suspense fallback={<Opener open={open} />}>
            <Part store={store} />
            <Ready onReady={onReady} />
          </Suspense>
        </div>
      ),
      [store, onReady],
    );
  };
}
