import type { DB } from '../client.ts';
import type { BlockInput } from '../../app/features/pages/blocks.schema.ts';
import { createPublishedPage } from '../../app/features/pages/pages-admin.server.ts';
import { DEMO_CONTACT_FORM_ID } from '../../app/features/forms/demo-form.ts';
import { DEMO_SHOP_BLOCKS } from './demo-home-blocks.ts';

/**
 * The demo shop's block pages: the home page (the shop's sections, then one of every other
 * block type, so one page shows everything the page builder offers) and an "about" page.
 * Pictures are the demo catalog's category images (`pictures` in media order).
 */
export function demoHomeBlocks(pictures: { id: number; alt: string }[]): BlockInput[] {
  const pic = (i: number) => pictures[i % pictures.length]!;
  const shop = DEMO_SHOP_BLOCKS;
  const rest: BlockInput[] = [
    {
      id: 'story', type: 'section', props: { anchor: 'our-story', anchorTitle: 'Our story', bgColor: '#f3efe8', padding: 'large' },
      children: [
        { id: 'story-heading', type: 'heading', props: { text: 'Small workshops, honest materials', level: 2, align: 'center' } },
        { id: 'story-more', type: 'scroll-for-more', props: { label: 'Scroll for more', target: 'in-numbers' } },
        {
          id: 'story-row', type: 'row', props: { align: 'center' },
          children: [
            {
              id: 'story-text-col', type: 'column', props: { large: 7, medium: 12, small: 12 },
              children: [
                {
                  id: 'story-text', type: 'text',
                  props: { html: '<p>We started Vitrine with <strong>three sewing machines</strong> and a kiln. Everything we sell is made in small batches by people we know by name.</p><ul><li>Organic cotton, dyed without heavy metals</li><li>Stoneware fired twice, dishwasher safe</li><li>Prints on recycled paper</li></ul><p>Read about <a href="/about">who we are</a> or <a href="/contact">write to us</a>.</p>' },
                },
                { id: 'story-tip', type: 'tooltip', props: { text: 'What does GOTS mean?', tip: 'The Global Organic Textile Standard: organic fibres, checked from field to finished garment.' } },
                { id: 'story-button', type: 'button', props: { label: 'Browse the shop', href: '/shop', style: 'primary' } },
              ],
            },
            {
              id: 'story-image-col', type: 'column', props: { large: 5, medium: 12, small: 12 },
              children: [
                { id: 'story-animate', type: 'animate', props: { animation: 'fadeInUp' }, children: [
                  { id: 'story-image', type: 'image', props: { mediaId: pic(0).id, alt: pic(0).alt, caption: 'Fresh from the workshop', size: 'large', lightbox: true } },
                ] },
              ],
            },
          ],
        },
      ],
    },
    {
      id: 'numbers', type: 'section', props: { anchor: 'in-numbers', anchorTitle: 'In numbers', dark: true, bgMediaId: pic(1).id, lazyBg: true, parallax: 3 },
      children: [
        { id: 'numbers-heading', type: 'heading', props: { text: 'Vitrine in numbers', level: 2, align: 'center' } },
        {
          id: 'numbers-row', type: 'row', props: {},
          children: [
            { id: 'numbers-c1', type: 'column', props: { large: 4, medium: 4, small: 12 }, children: [{ id: 'count-orders', type: 'count-up', props: { value: 12500, suffix: '+', label: 'orders sent' } }] },
            { id: 'numbers-c2', type: 'column', props: { large: 4, medium: 4, small: 12 }, children: [{ id: 'count-makers', type: 'count-up', props: { value: 38, label: 'makers we work with' } }] },
            { id: 'numbers-c3', type: 'column', props: { large: 4, medium: 4, small: 12 }, children: [{ id: 'count-rating', type: 'count-up', props: { value: 98, suffix: ' %', label: 'happy customers' } }] },
          ],
        },
      ],
    },
    {
      id: 'lookbook', type: 'section', props: { anchor: 'lookbook', anchorTitle: 'Lookbook' },
      children: [
        { id: 'lookbook-heading', type: 'heading', props: { text: 'Lookbook', level: 2 } },
        {
          id: 'lookbook-slider', type: 'slider', props: { label: 'Lookbook', autoplay: 3000, perView: 3 },
          children: [0, 1, 2, 3, 4].map((i) => ({ id: `slide-${i}`, type: 'image' as const, props: { mediaId: pic(i).id, alt: pic(i).alt, caption: pic(i).alt, size: 'full' as const } })),
        },
        { id: 'lookbook-divider', type: 'divider', props: { style: 'solid', width: 'short' } },
        {
          id: 'lookbook-row', type: 'row', props: {},
          children: [
            { id: 'lb-col-1', type: 'column', props: { large: 4, medium: 6, small: 12 }, children: [
              { id: 'open-gallery', type: 'lightbox-button', props: { label: 'Open the gallery', target: 'gallery', style: 'secondary' } },
            ] },
            { id: 'lb-col-2', type: 'column', props: { large: 4, medium: 6, small: 12 }, children: [
              { id: 'open-video', type: 'lightbox-button', props: { label: 'Watch how we dye', target: 'dye-video', style: 'ghost' } },
            ] },
            { id: 'lb-col-3', type: 'column', props: { large: 4, medium: 12, small: 12 }, children: [
              { id: 'open-care', type: 'lightbox-button', props: { label: 'Care guide', target: 'care-guide', style: 'ghost' } },
              { id: 'open-sizes', type: 'lightbox-button', props: { label: 'Size chart', target: 'size-chart', style: 'link' } },
              { id: 'open-photo', type: 'lightbox-button', props: { label: 'Our workshop', target: 'workshop-photo', style: 'link' } },
            ] },
          ],
        },
        { id: 'gallery', type: 'lightbox', props: { anchor: 'gallery', kind: 'gallery', title: 'Lookbook gallery', images: [0, 1, 2].map((i) => ({ mediaId: pic(i).id, alt: pic(i).alt })) } },
        { id: 'workshop-photo', type: 'lightbox', props: { anchor: 'workshop-photo', kind: 'image', title: 'Our workshop', images: [{ mediaId: pic(3).id, alt: pic(3).alt }] } },
        { id: 'dye-video', type: 'lightbox', props: { anchor: 'dye-video', kind: 'video', title: 'How we dye our cotton', video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' } },
        { id: 'care-guide', type: 'lightbox', props: { anchor: 'care-guide', kind: 'off-canvas', side: 'right', title: 'Care guide' }, children: [
          { id: 'care-text', type: 'text', props: { html: '<p>Wash cotton at 30 °C inside out. Dry flat. Mugs go in the dishwasher; prints stay out of direct sun.</p>' } },
        ] },
        { id: 'size-chart', type: 'lightbox', props: { anchor: 'size-chart', kind: 'inline', title: 'Size chart', contentBlock: 'sizes-table' } },
      ],
    },
    {
      id: 'help', type: 'section', props: { anchor: 'help', anchorTitle: 'Help' },
      children: [
        {
          id: 'help-row', type: 'row', props: {},
          children: [
            {
              id: 'help-main', type: 'column', props: { large: 8, medium: 12, small: 12 },
              children: [
                { id: 'help-heading', type: 'heading', props: { text: 'Good to know', level: 2 } },
                {
                  id: 'help-tabs', type: 'tabs', props: { label: 'Good to know' },
                  children: [
                    { id: 'tab-delivery', type: 'tab', props: { title: 'Delivery', hash: 'tab-delivery' }, children: [
                      { id: 'tab-delivery-text', type: 'text', props: { html: '<p>Orders leave our workshop within two working days. UK delivery is free over £50.</p>' } },
                    ] },
                    { id: 'tab-returns', type: 'tab', props: { title: 'Returns', hash: 'tab-returns' }, children: [
                      { id: 'tab-returns-text', type: 'text', props: { html: '<p>Changed your mind? Send it back within 30 days for a full refund.</p>' } },
                    ] },
                    { id: 'tab-sizes', type: 'tab', props: { title: 'Sizes', hash: 'tab-sizes' }, children: [
                      { id: 'sizes-table', type: 'text', props: { html: '<table><caption>T-shirt sizes (chest, cm)</caption><thead><tr><th scope="col">S</th><th scope="col">M</th><th scope="col">L</th><th scope="col">XL</th></tr></thead><tbody><tr><td>92</td><td>100</td><td>108</td><td>116</td></tr></tbody></table>' } },
                    ] },
                  ],
                },
                { id: 'help-spacer', type: 'spacer', props: { large: 32, small: 16 } },
                {
                  id: 'faq', type: 'accordion', props: { open: 1 },
                  children: [
                    { id: 'faq-1', type: 'accordion-item', props: { title: 'Do you ship abroad?' }, children: [{ id: 'faq-1-text', type: 'text', props: { html: '<p>Yes, to most of Europe and North America.</p>' } }] },
                    { id: 'faq-2', type: 'accordion-item', props: { title: 'Can I change my order?' }, children: [{ id: 'faq-2-text', type: 'text', props: { html: '<p>Within an hour of ordering: just reply to your confirmation e-mail.</p>' } }] },
                    { id: 'faq-3', type: 'accordion-item', props: { title: 'Do you offer gift wrapping?' }, children: [{ id: 'faq-3-text', type: 'text', props: { html: '<p>Every order ships in plastic-free paper; gift notes are free.</p>' } }] },
                  ],
                },
                { id: 'video', type: 'video', props: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', title: 'A day in our workshop', autoplay: true, audio: false, loop: true, controls: false } },
              ],
            },
            {
              id: 'help-side', type: 'column', props: { large: 4, medium: 12, small: 12, sticky: true },
              children: [
                { id: 'side-scroll', type: 'scroll-to', props: { anchor: 'visit-us', title: 'Visit us', bullet: true } },
                { id: 'side-heading', type: 'heading', props: { text: 'Visit us', level: 3 } },
                { id: 'side-text', type: 'text', props: { html: '<p>12 Mill Lane, Bristol. Open Tuesday to Saturday, 10 am to 5 pm.</p>' } },
                { id: 'map', type: 'embed', props: { url: 'https://www.openstreetmap.org/export/embed.html?bbox=-2.6%2C51.44%2C-2.57%2C51.46&layer=mapnik', title: 'Map: our shop in Bristol', height: 260 } },
              ],
            },
          ],
        },
      ],
    },
    { id: 'featured', type: 'featured-products', props: { title: 'Staff picks', limit: 4, columns: { large: 4, medium: 3, small: 2 } } },
    {
      id: 'write', type: 'section', props: { anchor: 'write-to-us', anchorTitle: 'Write to us', padding: 'medium' },
      children: [{ id: 'contact', type: 'contact-form', props: { formId: DEMO_CONTACT_FORM_ID, title: 'Write to us' } }],
    },
    { id: 'top', type: 'back-to-top', props: {} },
  ];
  return [...shop, ...rest];
}

export function demoAboutBlocks(pictures: { id: number; alt: string }[]): BlockInput[] {
  const pic = pictures[0]!;
  return [
    {
      id: 'about-intro', type: 'section', props: { padding: 'medium' },
      children: [
        {
          id: 'about-row', type: 'row', props: { align: 'center' },
          children: [
            { id: 'about-text-col', type: 'column', props: { large: 6, medium: 12, small: 12 }, children: [
              { id: 'about-text', type: 'text', props: { html: '<p>Vitrine is a small shop for everyday things made well: organic cotton basics, warm hoodies, stoneware mugs and prints from independent artists.</p><p>We pay our makers fairly, ship in plastic-free packaging and answer every message ourselves.</p>' } },
              { id: 'about-button', type: 'button', props: { label: 'Meet the makers', href: '/shop', style: 'primary' } },
            ] },
            { id: 'about-image-col', type: 'column', props: { large: 6, medium: 12, small: 12 }, children: [
              { id: 'about-image', type: 'image', props: { mediaId: pic.id, alt: pic.alt, size: 'large' } },
            ] },
          ],
        },
      ],
    },
    { id: 'about-tiles', type: 'category-tiles', props: { title: 'What we make', limit: 6 } },
  ];
}

/** Seeds the home and about pages, published. */
export async function seedDemoPages(db: DB): Promise<void> {
  const rows = await db
    .selectFrom('categories')
    .innerJoin('media', 'media.id', 'categories.image_id')
    .select(['media.id', 'categories.name'])
    .where('categories.parent_id', 'is not', null)
    .orderBy('categories.id')
    .limit(6)
    .execute();
  const pictures = rows.map((r) => ({ id: r.id, alt: r.name }));
  if (!pictures.length) return;
  await createPublishedPage(db, {
    slug: 'home',
    title: 'Home',
    seoDescription: 'Organic cotton basics, warm hoodies and handmade homeware from small workshops.',
    blocks: demoHomeBlocks(pictures),
  });
  await createPublishedPage(db, { slug: 'about', title: 'About us', seoDescription: 'Who we are and how we work.', blocks: demoAboutBlocks(pictures) });
}
