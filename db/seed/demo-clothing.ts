import { CLOTHING_SIZES, colorAttr, day, grid, sizeAttr, type DemoProduct } from './demo-kit.ts';

/** Demo catalog, part 1: Clothing > T-shirts, Hoodies, Accessories. Prices in cents. */

const TEE = ['Clothing', 'T-shirts'] as [string, string];
const HOODIE = ['Clothing', 'Hoodies'] as [string, string];
const ACC = ['Clothing', 'Accessories'] as [string, string];
const cotton = { weight: 0.2, length: 30, width: 25, height: 2 };

export const CLOTHING: DemoProduct[] = [
  {
    name: 'Classic Cotton Tee', type: 'variable', category: TEE, shape: 'tshirt', color: 'Red', featured: true, gallery: true, sku: 'TEE-CLASSIC',
    blurb: 'Our best-selling crew neck in soft combed cotton, cut for an easy everyday fit.',
    details: ['100% combed ring-spun cotton, 180 g/m²', 'Pre-shrunk, side-seamed body', 'Six colours, sizes XS to XXL'],
    tags: ['Cotton', 'Bestseller'], ...cotton,
    attributes: [colorAttr(['Red', 'Blue', 'Green', 'Black', 'White', 'Yellow']), sizeAttr(CLOTHING_SIZES)],
    // 36 variations: more than the page preloads, so the product page asks for them one by one.
    variations: grid({ color: ['Red', 'Blue', 'Green', 'Black', 'White', 'Yellow'], size: CLOTHING_SIZES }, { regular_price: 1900 }, (c, i) => ({
      sku: `TEE-CLASSIC-${i + 1}`,
      regular_price: c.size === 'XXL' ? 2100 : 1900,
      stock_status: (c.color === 'Yellow' && c.size === 'XS') || (c.color === 'Green' && c.size === 'XXL') ? 'outofstock' : 'instock',
    })),
    reviews: { approved: [5, 5, 4, 5, 4], pending: [2] }, upsells: ['Heavyweight Boxy Tee'], crosssells: ['Six-Panel Cap', 'Wool Beanie'],
  },
  {
    name: 'Organic Pocket Tee', type: 'variable', category: TEE, shape: 'tshirt', color: 'Sand',
    blurb: 'A relaxed tee with a chest pocket, made from certified organic cotton.',
    details: ['GOTS certified organic cotton', 'Chest pocket with bar tacks', 'Garment dyed for a lived-in look'],
    tags: ['Organic', 'Cotton'], ...cotton,
    attributes: [colorAttr(['Sand', 'Olive', 'Navy']), sizeAttr(['S', 'M', 'L', 'XL'])],
    variations: grid({ color: ['Sand', 'Olive', 'Navy'], size: ['S', 'M', 'L', 'XL'] }, { regular_price: 2400 }, (c) =>
      c.color === 'Olive' ? { sale_price: 1900 } : c.color === 'Navy' && c.size === 'XL' ? { stock_status: 'outofstock' } : {}),
    reviews: { approved: [4, 5] },
  },
  {
    name: 'Heavyweight Boxy Tee', type: 'variable', category: TEE, shape: 'tshirt', color: 'Black',
    blurb: 'A thick, structured tee with a boxy cut and dropped shoulders.',
    details: ['260 g/m² heavyweight cotton', 'Boxy fit with dropped shoulders', 'Ribbed collar that keeps its shape'],
    tags: ['Cotton'], ...cotton,
    attributes: [colorAttr(['Black', 'Red']), sizeAttr(['S', 'M', 'L'])],
    variations: [
      ...grid({ color: ['Black'], size: ['S', 'M', 'L'] }, { regular_price: 3200 }, (c) => (c.size === 'L' ? { stock_status: 'outofstock' } : {})),
      // One variation for red in any size, as shops do when the price does not depend on it.
      { attributes: { color: 'red', size: '' }, regular_price: 3400 },
    ],
  },
  {
    name: 'Striped Breton Tee', category: TEE, shape: 'tshirt', color: 'Navy', featured: true, sku: 'TEE-BRETON',
    regular_price: 3500, sale_price: 2800, sale_from: day(-5), sale_to: day(25), ...cotton,
    blurb: 'The seaside classic: navy stripes on an off-white base, with a boat neck.',
    details: ['Heavy cotton jersey', 'Boat neck and three-quarter sleeves', 'Yarn-dyed stripes that never fade'],
    tags: ['Cotton', 'Sale'], reviews: { approved: [5, 4, 4] },
  },
  {
    name: 'Long Sleeve Waffle Tee', category: TEE, shape: 'tshirt', color: 'Grey', regular_price: 3900,
    manage_stock: true, stock_quantity: 3, low_stock_amount: 5, ...cotton,
    blurb: 'A waffle-knit long sleeve that layers well and keeps you warm.',
    details: ['Waffle-knit cotton blend', 'Ribbed cuffs', 'Only a few left'],
  },
  {
    name: "Kids' Dino Tee", type: 'variable', category: TEE, shape: 'tshirt', color: 'Green',
    blurb: 'A bright tee with a friendly dinosaur, sized for little explorers.',
    details: ['Soft organic cotton', 'Water-based print, safe for kids', 'Roomy fit to grow into'],
    tags: ['Kids', 'Organic'], attributes: [sizeAttr(['2-3 Y', '4-5 Y', '6-7 Y', '8-9 Y'], 'Age')],
    variations: grid({ size: ['2-3 Y', '4-5 Y', '6-7 Y', '8-9 Y'] }, { regular_price: 1500 }, (c) => (c.size === '8-9 Y' ? { regular_price: 1700 } : {})),
  },
  {
    name: 'Vintage Ringer Tee', category: TEE, shape: 'tshirt', color: 'White', regular_price: 2600, stock_status: 'outofstock', ...cotton,
    blurb: 'A retro ringer with contrast trims. Back soon.',
    details: ['Slub cotton', 'Contrast collar and cuffs', 'Currently sold out'],
  },
  {
    name: 'Graphic Sun Tee', category: TEE, shape: 'tshirt', color: 'Yellow', regular_price: 2900, featured: true, ...cotton,
    blurb: 'A cheerful sunburst print on a warm yellow tee.',
    details: ['Screen printed by hand', '100% cotton', 'Regular fit'],
    tags: ['Bestseller'], reviews: { approved: [5, 4], pending: [5] }, crosssells: ['Canvas Tote Bag'],
  },
  {
    name: 'Screen-Printing Workshop', type: 'external', category: TEE, shape: 'ticket', color: 'Blue', regular_price: 6500,
    external_url: 'https://example.com/workshops/screen-printing', button_text: 'Book a seat', virtual: true,
    blurb: 'Print your own tee in a three-hour workshop with our printers.',
    details: ['Held by our partner studio', 'All materials included', 'Booked on the studio website'],
  },
  {
    name: 'Everyday Zip Hoodie', type: 'variable', category: HOODIE, shape: 'hoodie', color: 'Grey', featured: true, gallery: true, sku: 'HOOD-ZIP',
    weight: 0.6, length: 40, width: 30, height: 6,
    blurb: 'A brushed-fleece zip hoodie you will reach for every morning.',
    details: ['Brushed-back fleece, 320 g/m²', 'Metal zip and lined hood', 'Kangaroo pockets'],
    tags: ['Fleece', 'Bestseller'],
    attributes: [colorAttr(['Grey', 'Navy', 'Black']), sizeAttr(['S', 'M', 'L', 'XL'])],
    variations: grid({ color: ['Grey', 'Navy', 'Black'], size: ['S', 'M', 'L', 'XL'] }, { regular_price: 5900 }, (c, i) => ({
      sku: `HOOD-ZIP-${i + 1}`,
      ...(c.color === 'Navy' && c.size === 'S' ? { stock_status: 'outofstock' as const } : {}),
      ...(c.color === 'Black' ? { manage_stock: true, stock_quantity: c.size === 'XL' ? 0 : 4 } : {}),
    })),
    reviews: { approved: [5, 4, 5, 3], pending: [4] }, upsells: ['Fleece Pullover Hoodie'], crosssells: ['Wool Beanie'],
  },
  {
    name: 'Fleece Pullover Hoodie', type: 'variable', category: HOODIE, shape: 'hoodie', color: 'Olive', weight: 0.65,
    blurb: 'A cosy pullover with a roomy hood and a front pocket.',
    details: ['Recycled polyester and cotton fleece', 'Double-layer hood', 'Ribbed cuffs and hem'],
    tags: ['Fleece'],
    attributes: [colorAttr(['Olive', 'Plum', 'Sand']), sizeAttr(['S', 'M', 'L'])],
    // A sale that starts next week: prices stay regular until then.
    variations: grid({ color: ['Olive', 'Plum', 'Sand'], size: ['S', 'M', 'L'] }, { regular_price: 5500, sale_price: 4400, sale_from: day(7), sale_to: day(21) }),
  },
  {
    name: 'Cropped Hoodie', category: HOODIE, shape: 'hoodie', color: 'Pink', regular_price: 4800, sale_price: 3600, weight: 0.5,
    blurb: 'A cropped hoodie in soft pink fleece, now reduced.',
    details: ['Cropped length', 'Raw-edge hem', 'Midweight fleece'], tags: ['Sale', 'Fleece'], reviews: { approved: [4] },
  },
  {
    name: 'Heritage College Hoodie', category: HOODIE, shape: 'hoodie', color: 'Navy', regular_price: 6200, weight: 0.7,
    manage_stock: true, stock_quantity: 0, backorders: 'notify',
    blurb: 'A heavyweight hoodie with an embroidered crest. Order now, ships in two weeks.',
    details: ['Heavyweight 400 g/m² fleece', 'Embroidered crest', 'Available on backorder'],
  },
  {
    name: 'Wool Beanie', type: 'variable', category: ACC, shape: 'beanie', color: 'Red', featured: true, weight: 0.1,
    blurb: 'A chunky rib-knit beanie in pure lambswool.',
    details: ['100% lambswool', 'Turn-up cuff', 'One size fits most'],
    tags: ['Wool', 'Winter'], attributes: [colorAttr(['Red', 'Navy', 'Grey', 'Yellow', 'Teal'])],
    variations: grid({ color: ['Red', 'Navy', 'Grey', 'Yellow', 'Teal'] }, { regular_price: 2200 }, (c) => (c.color === 'Teal' ? { stock_status: 'outofstock' } : {})),
    reviews: { approved: [5, 5, 4] }, crosssells: ['Knitted Scarf'],
  },
  {
    name: 'Six-Panel Cap', type: 'variable', category: ACC, shape: 'cap', color: 'Green', weight: 0.1,
    blurb: 'A washed cotton cap with an adjustable strap.',
    details: ['Washed cotton twill', 'Brass buckle strap', 'Curved peak'],
    attributes: [colorAttr(['Green', 'Sand', 'Black', 'Blue'])],
    variations: grid({ color: ['Green', 'Sand', 'Black', 'Blue'] }, { regular_price: 2500 }, (c) => (c.color === 'Blue' ? { stock_status: 'outofstock' } : {})),
  },
  {
    name: 'Canvas Tote Bag', category: ACC, shape: 'tote', color: 'White', regular_price: 1800, featured: true, gallery: true,
    weight: 0.3, length: 42, width: 38, height: 10,
    blurb: 'A sturdy canvas tote for groceries, books and everything in between.',
    details: ['12 oz cotton canvas', 'Reinforced handles', 'Inner pocket'],
    tags: ['Cotton', 'Bestseller'], reviews: { approved: [5, 5, 5, 4] }, upsells: ['Market Tote XL'],
  },
  {
    name: 'Market Tote XL', category: ACC, shape: 'tote', color: 'Olive', regular_price: 3200, weight: 0.45,
    blurb: 'An extra-large tote that carries a whole week of groceries.',
    details: ['Waxed canvas', 'Leather handles', 'Holds up to 20 kg'],
  },
  {
    name: 'Merino Socks 3-Pack', type: 'variable', category: ACC, shape: 'socks', color: 'Yellow', weight: 0.15,
    blurb: 'Three pairs of soft merino socks for all seasons.',
    details: ['70% merino wool', 'Cushioned sole', 'Three colours per pack'],
    tags: ['Wool'], attributes: [sizeAttr(['36-39', '40-43', '44-47'])],
    variations: grid({ size: ['36-39', '40-43', '44-47'] }, { regular_price: 2400 }),
  },
  {
    name: 'Knitted Scarf', category: ACC, shape: 'scarf', color: 'Red', regular_price: 3400,
    manage_stock: true, stock_quantity: 2, low_stock_amount: 3, weight: 0.2,
    blurb: 'A long knitted scarf with tassels, made in small batches.',
    details: ['Wool and alpaca blend', '180 cm long', 'Hand-finished tassels'], tags: ['Wool', 'Winter'],
  },
  {
    name: 'Limited Edition Enamel Pin', category: ACC, shape: 'pin', color: 'Yellow', regular_price: 900, sold_individually: true,
    manage_stock: true, stock_quantity: 7, weight: 0.01,
    blurb: 'A hard-enamel star pin from a numbered run. One per customer.',
    details: ['Hard enamel on gold-plated metal', 'Rubber clutch back', 'Limited to one per order'],
  },
  {
    name: 'Recycled Laptop Sleeve', category: ACC, shape: 'sleeve', color: 'Teal', regular_price: 3900, weight: 0.3,
    blurb: 'A padded sleeve made from recycled bottles, fits 13 to 14 inch laptops.',
    details: ['Recycled PET felt', 'Water-repellent', 'Fits 13–14 inch laptops'], reviews: { approved: [3, 4] },
  },
];
