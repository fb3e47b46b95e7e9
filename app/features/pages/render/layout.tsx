import { createElement } from 'react';
import { t } from '../../../i18n/t.ts';
import { BLOCK_TIMING } from '../constants.ts';
import { Blocks } from './index.tsx';
import { EditLinks, mediaOf, rootAttrs, vars, type RendererMap } from './shared.tsx';

/** Section, row, column, heading, text, image, button, spacer, divider. */
export const LAYOUT_RENDERERS: RendererMap<'section' | 'row' | 'column' | 'heading' | 'text' | 'image' | 'button' | 'spacer' | 'divider'> = {
  section: ({ block: b, ctx }) => {
    const p = b.props;
    const attrs = rootAttrs(ctx, b);
    const bg = mediaOf(ctx, p.bgMediaId, 1600);
    const style: Record<string, string> = {};
    if (p.bgColor) style.backgroundColor = p.bgColor;
    if (bg && !p.lazyBg) style.backgroundImage = `url("${bg.largest}")`;
    const className = [
      'block-section',
      `block-section--pad-${p.padding}`,
      p.dark ? 'block-section--dark' : '',
      p.sticky ? 'block-section--sticky' : '',
      bg || p.bgVideo ? 'block-section--has-bg' : '',
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <section
        {...attrs}
        className={className}
        style={style}
        aria-label={p.label || undefined}
        data-bg={bg && p.lazyBg ? bg.largest : undefined}
        data-parallax={p.parallax > 0 ? String(p.parallax) : undefined}
        data-parallax-mobile={p.parallax > 0 && p.mobileParallax ? 'true' : undefined}
      >
        <EditLinks block={b} />
        {p.anchor ? (
          <span className="scroll-to" id={p.anchor} data-behaviour={p.anchorTitle ? 'scroll-to' : undefined} data-title={p.anchorTitle || undefined} data-bullet={p.anchorTitle ? 'true' : undefined} />
        ) : null}
        {p.bgVideo ? (
          // React writes `muted` as a property only: the attribute (needed for autoplay before scripts) is written here.
          <div
            className="block-section__video-wrap"
            aria-hidden="true"
            dangerouslySetInnerHTML={{
              __html: `<video class="block-section__video" data-behaviour="bg-video" src="${p.bgVideo}" autoplay muted loop playsinline preload="metadata"></video>`,
            }}
          />
        ) : null}
        <div className="block-section__inner container">
          <Blocks blocks={b.children} />
        </div>
      </section>
    );
  },
  row: ({ block: b, ctx }) => (
    <div {...rootAttrs(ctx, b)} className={`block-row block-row--gap-${b.props.gap} block-row--align-${b.props.align}`}>
      <EditLinks block={b} />
      <Blocks blocks={b.children} />
    </div>
  ),
  column: ({ block: b, ctx }) => {
    const p = b.props;
    return (
      <div
        {...rootAttrs(ctx, b)}
        className={`block-col${p.sticky ? ' block-col--sticky' : ''}`}
        style={vars({ '--col-l': p.large, '--col-m': p.medium, '--col-s': p.small })}
        data-sticky-min={p.sticky ? String(BLOCK_TIMING.stickySidebarMinWidthPx) : undefined}
        data-sticky-spacing={p.sticky ? String(BLOCK_TIMING.stickySidebarSpacingPx) : undefined}
      >
        <EditLinks block={b} />
        <div className="block-col__inner">
          <Blocks blocks={b.children} />
        </div>
      </div>
    );
  },
  heading: ({ block: b, ctx }) =>
    createElement(
      `h${b.props.level}`,
      { ...rootAttrs(ctx, b), id: `h-${b.id}`, className: `block-heading block-align-${b.props.align}` },
      <EditLinks block={b} />,
      b.props.text,
    ),
  text: ({ block: b, ctx }) => (
    <div {...rootAttrs(ctx, b)} className={`block-text block-align-${b.props.align}`}>
      <EditLinks block={b} />
      {/* Sanitised when saved and again when read (rich-text.server.ts). */}
      <div className="block-text__body" dangerouslySetInnerHTML={{ __html: b.props.html }} />
    </div>
  ),
  image: ({ block: b, ctx }) => {
    const p = b.props;
    const attrs = rootAttrs(ctx, b);
    const img = mediaOf(ctx, p.mediaId, p.size === 'small' ? 400 : p.size === 'medium' ? 600 : 1200);
    const sizes = { small: '(max-width: 549px) 100vw, 300px', medium: '(max-width: 549px) 100vw, 600px', large: '(max-width: 849px) 100vw, 900px', full: '100vw' }[p.size];
    const picture = img ? (
      <img src={img.src} srcSet={img.srcSet} sizes={sizes} alt={p.alt} width={img.width} height={img.height} loading={ctx.eager ? undefined : 'lazy'} decoding="async" />
    ) : null;
    return (
      <figure {...attrs} className={`block-image block-image--${p.size}`}>
        <EditLinks block={b} />
        {picture && p.lightbox && img ? (
          <a href={img.largest} className="block-image__zoom" data-lightbox="image" aria-label={t('pages.openImage', { alt: p.alt })}>
            {picture}
          </a>
        ) : picture && p.href ? (
          <a href={p.href}>{picture}</a>
        ) : (
          picture
        )}
        {p.caption ? <figcaption>{p.caption}</figcaption> : null}
      </figure>
    );
  },
  button: ({ block: b, ctx }) => {
    const p = b.props;
    const external = /^https?:/.test(p.href);
    return (
      <p {...rootAttrs(ctx, b)} className="block-button">
        <EditLinks block={b} />
        <a
          className={`button block-button__link block-button--${p.style}${p.style === 'ghost' ? ' button--ghost' : ''}`}
          href={p.href}
          target={p.newTab ? '_blank' : undefined}
          rel={p.newTab || external ? 'noopener noreferrer' : undefined}
        >
          {p.label}
        </a>
      </p>
    );
  },
  spacer: ({ block: b, ctx }) => (
    <div {...rootAttrs(ctx, b)} className="block-spacer" style={vars({ '--space-l': `${b.props.large}px`, '--space-s': `${b.props.small}px` })}>
      <EditLinks block={b} />
    </div>
  ),
  divider: ({ block: b, ctx }) => (
    <div {...rootAttrs(ctx, b)} className="block-divider-wrap">
      <EditLinks block={b} />
      <hr className={`block-divider block-divider--${b.props.style} block-divider--${b.props.width}`} />
    </div>
  ),
};
