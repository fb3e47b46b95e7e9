/*
 * Block pages: the server-rendered markup of each block type, and the contract client
 * behaviours enhance it by.
 *
 * MARKUP CONTRACT
 * ───────────────
 * Every page renders without JavaScript: nothing is hidden that a visitor needs, links and
 * <details> work natively, lightboxes open as CSS `:target` panels. Client behaviours only
 * enhance what is there; they must not hide content before they control it.
 *
 * Page wrapper   <div class="block-page" data-page-id="7" data-behaviours="slider tabs …">
 *                `data-behaviours`: the behaviour names the page uses (load only their code).
 * Every block    its root element has data-block="<type>" data-block-id="<id>"; blocks a
 *                lightbox shows inline also get id="block-<id>".
 * Behaviours     data-behaviour="<name> [<name>…]" (space separated; select with
 *                [data-behaviour~="slider"]). Names: render/behaviours.ts BEHAVIOURS.
 * Timings        features/pages/constants.ts BLOCK_TIMING (spec §9 numbers).
 *
 * name             element and attributes
 * lazy-bg          section.block-section[data-bg="<url>"]: set background-image when 10 % visible
 *                  (without lazyBg the section has an inline background-image instead)
 * parallax         section[data-parallax="1..10"]; [data-parallax-mobile="true"] allows phones
 * sticky-section   section.block-section--sticky (position: sticky in CSS already)
 * bg-video         video.block-section__video (autoplay muted loop playsinline; pause on reduced motion)
 * scroll-to        span.scroll-to[id][data-title][data-bullet="true|false"]: a named point; build
 *                  the bullet navigation from those with data-bullet="true", highlight the
 *                  current one, 500 ms smooth scroll, scroll to the URL hash on load.
 *                  Sections with an anchor and anchorTitle render the same span first inside.
 * sticky-sidebar   div.block-col--sticky[data-sticky-min="850"][data-sticky-spacing="15"]
 *                  (CSS position: sticky from 850 px; spacing + sticky header height)
 * slider           div.block-slider[data-flickity-options='{"autoPlay":3000|false,
 *                  "prevNextButtons":true,"pageDots":true,"draggable":true,"dragThreshold":3,
 *                  "friction":0.28,"selectedAttraction":0.025,"wrapAround":true,"cellAlign":"left",
 *                  "perView":1}'] role=region aria-roledescription=carousel aria-label;
 *                  .block-slider__track (scroll-snap list, tabindex=0) > .block-slider__slide
 *                  (role=group aria-roledescription=slide aria-label="Slide n of m"). Arrows and
 *                  dots are the behaviour's to add.
 * tabs             div.block-tabs > ul.block-tabs__nav > li > a.block-tabs__tab[href="#<hash>"]
 *                  [id="tab-<hash>"] (first has .is-active); div.block-tabs__panel[id="<hash>"]
 *                  [aria-labelledby="tab-<hash>"] (first has .is-active). All panels show
 *                  without JS; the behaviour adds tablist/tab/tabpanel roles, keeps exactly one
 *                  active, opens the panel named by the URL hash.
 * accordion        div.block-accordion[data-rel="<1-based index open at start, 0 none>"] >
 *                  details.block-accordion__item (open per data-rel) > summary + div.block-accordion__inner;
 *                  behaviour: one open at a time, 200 ms slide.
 * lightbox         div.block-lightbox[id=<anchor>][data-lightbox="image|gallery|video|inline|off-canvas"]
 *                  [data-pos="left|right"][data-class="off-canvas-left|off-canvas-right"]
 *                  [data-width][role=dialog][aria-labelledby]; shown by CSS :target without JS,
 *                  a.block-lightbox__close[href="#_"]. image/gallery: ul.block-lightbox__gallery >
 *                  li > a[href=<large>][data-index][data-src][data-srcset][data-width][data-height]
 *                  [data-alt] (a text link: the behaviour makes the <img>, preloading [0,1]); video:
 *                  a.block-lightbox__video[href=<watch url>][data-video-src=<player url>] (behaviour
 *                  makes the iframe, spinner while loading); inline: children, or
 *                  [data-content="#block-<id>"] for another block's content ("Content not found"
 *                  when missing); off-canvas: children, sliding from data-pos.
 * lightbox-open    a[href="#<anchor>"][data-open="#<anchor>"] (lightbox buttons) and
 *                  a[href=<large>][data-lightbox="image"] around images with lightbox: close
 *                  with a 300 ms removal delay, Escape closes.
 * count-up         span.count-up[data-value="<n>"] holding the number: run 0 → n once when reached.
 * animate          div.block-animate[data-animate="<name>"] (names: blocks.schema.ts ANIMATIONS):
 *                  animated 300 ms after entering view.
 * back-to-top      a.back-to-top[href="#top"][data-visible-after="1"]: active once scrolled, 300 ms.
 * scroll-for-more  a.scroll-for-more[href="#<target>"]: 300 ms to its target.
 * tooltip          span.block-tooltip[tabindex=0][aria-describedby] > span.block-tooltip__tip[role=tooltip]
 *                  (CSS shows the tip on hover/focus without JS; behaviour: delay 200 ms).
 * video            div.block-video[data-autoplay][data-audio][data-loop][data-controls] >
 *                  iframe (YouTube/Vimeo, muted unless audio) or video (own files).
 * edit-tooltip     only for users who may edit pages (never in shared/cached HTML):
 *                  span.block-edit[data-link="/admin/pages/<id>/builder?block=<block>"]
 *                  [data-backend="/admin/pages/<id>#block-<block>"][data-title="Edit <type>"]
 *                  holding the same two links, first child of each block's root.
 */
import type { ReactNode } from 'react';
import type { Block, BlockType } from '../blocks.schema.ts';
import { RenderProvider, useRender, type RenderContext } from './context.tsx';
import { LAYOUT_RENDERERS } from './layout.tsx';
import { INTERACTIVE_RENDERERS } from './interactive.tsx';
import { COMMERCE_RENDERERS } from './commerce.tsx';
import type { Renderers } from './shared.tsx';
import { FormsProvider } from '../../forms/components/embed.tsx';
import { PageBehaviours } from '../behaviours/loader.tsx';
import './blocks.css';

const RENDERERS = { ...LAYOUT_RENDERERS, ...INTERACTIVE_RENDERERS, ...COMMERCE_RENDERERS } as Renderers;

/** One block by its type's renderer. */
export function RenderBlock({ block }: { block: Block }): ReactNode {
  const ctx = useRender();
  const Render = RENDERERS[block.type as BlockType] as (p: { block: Block; ctx: RenderContext }) => ReactNode;
  return <Render block={block} ctx={ctx} />;
}

/** Blocks in order. */
export function Blocks({ blocks }: { blocks: readonly Block[] | undefined }): ReactNode {
  return <>{blocks?.map((b) => <RenderBlock key={b.id} block={b} />)}</>;
}

/** A whole block page: its title as h1 unless a block writes one, then the blocks. */
export function BlockPage({
  title,
  titleHidden = false,
  blocks,
  context,
  pageId,
}: {
  title: string;
  /** The title as the h1 for screen readers only (the home page). */
  titleHidden?: boolean;
  blocks: readonly Block[];
  context: RenderContext;
  pageId: number;
}) {
  return (
    <RenderProvider value={context}>
      <FormsProvider forms={context.forms}>
      <div className="block-page" data-page-id={pageId || undefined} data-behaviours={context.data.behaviours.join(' ') || undefined}>
        {context.data.hasH1 ? null : <h1 className={titleHidden ? 'visually-hidden' : 'block-page__title'}>{title}</h1>}
        <Blocks blocks={blocks} />
        <PageBehaviours names={context.data.behaviours} page={pageId} />
      </div>
      </FormsProvider>
    </RenderProvider>
  );
}
