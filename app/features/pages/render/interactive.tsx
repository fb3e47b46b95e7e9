import { t } from '../../../i18n/t.ts';
import { BLOCK_TIMING } from '../constants.ts';
import { embedSource, videoPlayerUrl, videoSource } from '../embeds.ts';
import type { BlockOf } from '../blocks.schema.ts';
import { Blocks } from './index.tsx';
import { RenderProvider, useRender, type RenderContext } from './context.tsx';
import { EditLinks, mediaOf, rootAttrs, vars, type RendererMap } from './shared.tsx';

type Interactive =
  | 'slider'
  | 'tabs'
  | 'tab'
  | 'accordion'
  | 'accordion-item'
  | 'count-up'
  | 'animate'
  | 'scroll-to'
  | 'back-to-top'
  | 'scroll-for-more'
  | 'tooltip'
  | 'lightbox'
  | 'lightbox-button'
  | 'video'
  | 'embed';

/**
 * A picture of an image or gallery lightbox: a link to the full picture carrying its sources
 * (data-src, data-srcset); the lightbox behaviour makes the <img> when it opens (preloading
 * [0,1]), so hidden lightboxes load nothing. Without scripts the link opens the picture.
 */
function LightboxPicture({ mediaId, alt, index, count }: { mediaId: number; alt: string; index: number; count: number }) {
  const ctx = useRender();
  const img = mediaOf(ctx, mediaId, 1200);
  if (!img) return null;
  return (
    <li className="block-lightbox__item">
      <a href={img.largest} data-index={index} data-src={img.src} data-srcset={img.srcSet} data-width={img.width} data-height={img.height} data-alt={alt}>
        {count > 1 ? t('pages.galleryImage', { n: index + 1, count, alt }) : t('pages.openImage', { alt })}
      </a>
    </li>
  );
}

function TabPanel({ block: b, active }: { block: BlockOf<'tab'>; active: boolean }) {
  const ctx = useRender();
  return (
    <div
      {...rootAttrs(ctx, b)}
      id={b.props.hash}
      className={`block-tabs__panel${active ? ' is-active' : ''}`}
      aria-labelledby={`tab-${b.props.hash}`}
      data-tab-title={b.props.title}
    >
      <EditLinks block={b} />
      <Blocks blocks={b.children} />
    </div>
  );
}

function Lightbox({ block: b, ctx }: { block: BlockOf<'lightbox'>; ctx: RenderContext }) {
  const p = b.props;
  const attrs = rootAttrs(ctx, b);
  const titleId = `lb-${p.anchor}-title`;
  const video = p.kind === 'video' && p.video ? videoSource(p.video) : null;
  const offCanvas = p.kind === 'off-canvas';
  return (
    <div
      {...attrs}
      id={p.anchor}
      className={`block-lightbox block-lightbox--${p.kind}${offCanvas ? ` block-lightbox--${p.side}` : ''}`}
      data-lightbox={p.kind}
      data-pos={offCanvas ? p.side : undefined}
      data-class={offCanvas ? `off-canvas-${p.side}` : undefined}
      data-width={String(p.width)}
      data-content={p.kind === 'inline' && p.contentBlock ? `#block-${p.contentBlock}` : undefined}
      role="dialog"
      aria-labelledby={titleId}
    >
      <EditLinks block={b} />
      <div className="block-lightbox__panel" style={vars({ '--lightbox-width': `${p.width}px` })}>
        <h2 className="block-lightbox__title" id={titleId}>
          {p.title}
        </h2>
        {p.kind === 'image' || p.kind === 'gallery' ? (
          <ul className="block-lightbox__gallery" data-preload={JSON.stringify(BLOCK_TIMING.galleryPreload)}>
            {p.images.map((img, i) => (
              <LightboxPicture key={`${img.mediaId}-${i}`} mediaId={img.mediaId} alt={img.alt} index={i} count={p.images.length} />
            ))}
          </ul>
        ) : null}
        {video ? (
          <a
            className="block-lightbox__video"
            href={video.provider === 'self' ? video.src : video.provider === 'youtube' ? `https://www.youtube.com/watch?v=${video.id}` : `https://vimeo.com/${video.id}`}
            data-video-src={video.provider === 'self' ? video.src : videoPlayerUrl(video, { autoplay: true, muted: false, loop: false, controls: true })}
            data-provider={video.provider}
          >
            {t('pages.watchVideo', { title: p.title })}
          </a>
        ) : null}
        {p.kind === 'inline' && p.contentBlock ? (
          <a className="block-lightbox__content-link" href={`#block-${p.contentBlock}`}>
            {t('pages.showContent')}
          </a>
        ) : null}
        {p.kind === 'inline' || offCanvas ? <Blocks blocks={b.children} /> : null}
        <a className="block-lightbox__close" href="#_" aria-label={t('pages.close')}>
          <span aria-hidden="true">×</span>
        </a>
      </div>
    </div>
  );
}

export const INTERACTIVE_RENDERERS: RendererMap<Interactive> = {
  slider: ({ block: b, ctx }) => {
    const p = b.props;
    const options = {
      autoPlay: p.autoplay,
      prevNextButtons: p.arrows,
      pageDots: p.dots,
      draggable: p.draggable,
      dragThreshold: BLOCK_TIMING.sliderDragThresholdPx,
      friction: p.friction,
      selectedAttraction: p.attraction,
      wrapAround: p.wrapAround,
      cellAlign: 'left',
      perView: p.perView,
    };
    const slides = b.children ?? [];
    return (
      <div
        {...rootAttrs(ctx, b)}
        className="block-slider"
        role="region"
        aria-roledescription="carousel"
        aria-label={p.label}
        data-flickity-options={JSON.stringify(options)}
        style={vars({ '--per-view': p.perView })}
      >
        <EditLinks block={b} />
        <div className="block-slider__track" tabIndex={0}>
          {/* Pictures in slides load at once: a lazy one scrolled sideways out of view would never load. */}
          <RenderProvider value={{ ...ctx, eager: true }}>
            {slides.map((s, i) => (
              <div key={s.id} className="block-slider__slide" role="group" aria-roledescription="slide" aria-label={t('pages.slide', { n: i + 1, count: slides.length })}>
                <Blocks blocks={[s]} />
              </div>
            ))}
          </RenderProvider>
        </div>
      </div>
    );
  },
  tabs: ({ block: b, ctx }) => {
    const tabs = (b.children ?? []) as BlockOf<'tab'>[];
    return (
      <div {...rootAttrs(ctx, b)} className={`block-tabs block-tabs--${b.props.style}`} aria-label={b.props.label || undefined} role={b.props.label ? 'group' : undefined}>
        <EditLinks block={b} />
        <ul className="block-tabs__nav">
          {tabs.map((tab, i) => (
            <li key={tab.id}>
              <a className={`block-tabs__tab${i === 0 ? ' is-active' : ''}`} href={`#${tab.props.hash}`} id={`tab-${tab.props.hash}`}>
                {tab.props.title}
              </a>
            </li>
          ))}
        </ul>
        {tabs.map((tab, i) => (
          <TabPanel key={tab.id} block={tab} active={i === 0} />
        ))}
      </div>
    );
  },
  tab: ({ block: b }) => <TabPanel block={b} active={false} />,
  accordion: ({ block: b, ctx }) => {
    const items = (b.children ?? []) as BlockOf<'accordion-item'>[];
    return (
      <div {...rootAttrs(ctx, b)} className="block-accordion" data-rel={String(b.props.open)}>
        <EditLinks block={b} />
        {items.map((item, i) => (
          <details key={item.id} {...{ 'data-block': item.type, 'data-block-id': item.id }} className="block-accordion__item" open={i + 1 === b.props.open}>
            <summary className="block-accordion__title">
              {item.props.title}
            </summary>
            <div className="block-accordion__inner">
              <EditLinks block={item} />
              <Blocks blocks={item.children} />
            </div>
          </details>
        ))}
      </div>
    );
  },
  // Rendered by its accordion (a <details> needs its <summary> first); never reached alone.
  'accordion-item': ({ block: b }) => <Blocks blocks={b.children} />,
  'count-up': ({ block: b, ctx }) => {
    const p = b.props;
    return (
      <p {...rootAttrs(ctx, b)} className="block-count-up">
        <EditLinks block={b} />
        <span className="block-count-up__value">
          {p.prefix}
          <span className="count-up" data-value={String(p.value)}>
            {p.value}
          </span>
          {p.suffix}
        </span>
        {p.label ? <span className="block-count-up__label">{p.label}</span> : null}
      </p>
    );
  },
  animate: ({ block: b, ctx }) => (
    <div {...rootAttrs(ctx, b)} className="block-animate" data-animate={b.props.animation}>
      <EditLinks block={b} />
      <Blocks blocks={b.children} />
    </div>
  ),
  'scroll-to': ({ block: b, ctx }) => (
    <span {...rootAttrs(ctx, b)} className="scroll-to" id={b.props.anchor} data-title={b.props.title} data-bullet={b.props.bullet ? 'true' : 'false'}>
      <EditLinks block={b} />
    </span>
  ),
  'back-to-top': ({ block: b, ctx }) => (
    <p {...rootAttrs(ctx, b)} className="block-back-to-top">
      <EditLinks block={b} />
      <a href="#top" className="back-to-top" data-visible-after="1">
        <span aria-hidden="true">↑ </span>
        {b.props.label || t('pages.backToTop')}
      </a>
    </p>
  ),
  'scroll-for-more': ({ block: b, ctx }) => (
    <p {...rootAttrs(ctx, b)} className="block-scroll-for-more">
      <EditLinks block={b} />
      <a href={`#${b.props.target}`} className="scroll-for-more">
        {b.props.label || t('pages.scrollForMore')}
        <span aria-hidden="true"> ↓</span>
      </a>
    </p>
  ),
  tooltip: ({ block: b, ctx }) => (
    <span {...rootAttrs(ctx, b)} className="block-tooltip" tabIndex={0} aria-describedby={`tip-${b.id}`}>
      <EditLinks block={b} />
      {b.props.text}
      <span className="block-tooltip__tip" role="tooltip" id={`tip-${b.id}`}>
        {b.props.tip}
      </span>
    </span>
  ),
  lightbox: Lightbox,
  'lightbox-button': ({ block: b, ctx }) => (
    <p {...rootAttrs(ctx, b)} className="block-button">
      <EditLinks block={b} />
      <a
        className={`button block-button__link block-button--${b.props.style}${b.props.style === 'ghost' ? ' button--ghost' : ''}`}
        href={`#${b.props.target}`}
        data-open={`#${b.props.target}`}
        aria-haspopup="dialog"
      >
        {b.props.label}
      </a>
    </p>
  ),
  video: ({ block: b, ctx }) => {
    const p = b.props;
    const source = videoSource(p.url);
    const poster = mediaOf(ctx, p.posterMediaId, 1200);
    const muted = !p.audio;
    const common = {
      ...rootAttrs(ctx, b),
      className: 'block-video',
      style: vars({ '--ratio': p.ratio.replace(':', ' / ') }),
      'data-autoplay': String(p.autoplay),
      'data-audio': String(p.audio),
      'data-loop': String(p.loop),
      'data-controls': String(p.controls),
    };
    if (!source) return null;
    if (source.provider === 'self') {
      const flags = [p.autoplay ? 'autoplay' : '', muted ? 'muted' : '', p.loop ? 'loop' : '', p.controls ? 'controls' : '', 'playsinline'].filter(Boolean).join(' ');
      const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      return (
        <div {...common}>
          <EditLinks block={b} />
          {/* React writes `muted` as a property only: the attributes autoplay needs before scripts are written here. */}
          <div
            className="block-video__frame"
            dangerouslySetInnerHTML={{
              __html: `<video src="${esc(source.src)}" ${flags} preload="metadata" aria-label="${esc(p.title)}"${poster ? ` poster="${esc(poster.src)}"` : ''}></video>`,
            }}
          />
        </div>
      );
    }
    return (
      <div {...common}>
        <EditLinks block={b} />
        <div className="block-video__frame">
          <iframe
            src={videoPlayerUrl(source, { autoplay: p.autoplay, muted, loop: p.loop, controls: p.controls })}
            title={p.title}
            loading="lazy"
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      </div>
    );
  },
  embed: ({ block: b, ctx }) => {
    const src = embedSource(b.props.url);
    if (!src) return null;
    return (
      <div {...rootAttrs(ctx, b)} className="block-embed">
        <EditLinks block={b} />
        <iframe src={src} title={b.props.title} height={b.props.height} loading="lazy" referrerPolicy="strict-origin-when-cross-origin" allowFullScreen />
      </div>
    );
  },
};
