import { colorAttr, day, grid, sizeAttr, type DemoProduct } from './demo-kit.ts';

/** Demo catalog, part 2: Home & Living > Mugs, Posters, Plants. Prices in cents. */

const MUG = ['Home & Living', 'Mugs'] as [string, string];
const POSTER = ['Home & Living', 'Posters'] as [string, string];
const PLANT = ['Home & Living', 'Plants'] as [string, string];
const mug = { weight: 0.35, length: 12, width: 9, height: 10 };

export const HOME: DemoProduct[] = [
  {
    name: 'Stoneware Coffee Mug', type: 'variable', category: MUG, shape: 'mug', color: 'Blue', featured: true, gallery: true, ...mug,
    blurb: 'A hand-glazed stoneware mug that holds a generous 350 ml.',
    details: ['Hand-glazed stoneware', '350 ml', 'Dishwasher and microwave safe'],
    tags: ['Ceramics', 'Bestseller'],
    attributes: [colorAttr(['Blue', 'Red', 'Green', 'White', 'Black', 'Yellow'])],
    variations: grid({ color: ['Blue', 'Red', 'Green', 'White', 'Black', 'Yellow'] }, { regular_price: 1600 }, (c) =>
      c.color === 'Black' ? { stock_status: 'outofstock' } : c.color === 'Yellow' ? { sale_price: 1200 } : {}),
    reviews: { approved: [5, 4, 5, 5], pending: [1] }, crosssells: ['Espresso Cup Pair'], upsells: ['Travel Tumbler'],
  },
  {
    name: 'Enamel Camp Mug', category: MUG, shape: 'mug', color: 'White', regular_price: 1400, sale_price: 1100, ...mug, weight: 0.2,
    blurb: 'A light enamel mug for the trail, the garden and the desk.',
    details: ['Enamel-coated steel', '300 ml', 'Rolled rim'], tags: ['Outdoor', 'Sale'], reviews: { approved: [4, 4] },
  },
  {
    name: 'Espresso Cup Pair', category: MUG, shape: 'mug', color: 'Terracotta', regular_price: 1800, ...mug, weight: 0.3,
    blurb: 'Two small cups for a proper espresso, in warm terracotta.',
    details: ['Set of two', '90 ml each', 'Matt outside, glazed inside'], tags: ['Ceramics'],
  },
  {
    name: 'Travel Tumbler', type: 'variable', category: MUG, shape: 'tumbler', color: 'Black', weight: 0.3,
    blurb: 'A vacuum-insulated tumbler that keeps coffee hot for hours.',
    details: ['Double-wall stainless steel', 'Leak-proof lid', 'Hot for 6 hours, cold for 12'],
    tags: ['Outdoor'], attributes: [sizeAttr(['350 ml', '500 ml'], 'Capacity')],
    variations: grid({ size: ['350 ml', '500 ml'] }, { regular_price: 2600 }, (c) => (c.size === '500 ml' ? { regular_price: 2900 } : {})),
    reviews: { approved: [5, 3] },
  },
  {
    name: 'Speckled Latte Mug', category: MUG, shape: 'mug', color: 'Sand', regular_price: 1900, ...mug,
    blurb: 'A wide, speckled mug made for milky coffee and slow mornings.',
    details: ['Speckled clay body', '450 ml', 'Each one slightly different'],
    tags: ['Ceramics'], reviews: { approved: [5, 5, 4, 4, 5, 3], pending: [4] },
  },
  {
    name: 'Coffee Corner Set', type: 'grouped', category: MUG, shape: 'mug', color: 'Terracotta', gallery: true,
    blurb: 'Everything for a coffee corner: pick the pieces you need.',
    details: ['Choose any of the pieces', 'Each piece ships separately'],
    children: ['Espresso Cup Pair', 'Enamel Camp Mug', 'Speckled Latte Mug'],
  },
  {
    name: 'Mountain Sunrise Poster', type: 'variable', category: POSTER, shape: 'poster', color: 'Plum', gallery: true, weight: 0.4,
    blurb: 'A calm mountain sunrise printed on heavy matte paper.',
    details: ['Giclée print on 230 g/m² paper', 'Optional oak frame', 'Ships flat in a protective sleeve'],
    tags: ['Art print'],
    attributes: [sizeAttr(['A4', 'A3', 'A2']), { name: 'Frame', options: ['No frame', 'Oak frame'], variation: true }],
    variations: grid({ size: ['A4', 'A3', 'A2'], frame: ['No frame', 'Oak frame'] }, { regular_price: 2000 }, (c) => ({
      regular_price: { A4: 2000, A3: 2900, A2: 3900 }[c.size]! + (c.frame === 'Oak frame' ? 3000 : 0),
      ...(c.size === 'A2' && c.frame === 'Oak frame' ? { stock_status: 'outofstock' as const } : {}),
    })),
    reviews: { approved: [5, 5] },
  },
  {
    name: 'City Map Poster', type: 'variable', category: POSTER, shape: 'poster', color: 'Blue',
    blurb: 'A minimal street map of your favourite city.',
    details: ['Printed on recycled paper', '50 × 70 cm', 'Choose the city'],
    tags: ['Art print'],
    attributes: [{ name: 'City', options: ['Lisbon', 'Kyoto', 'Montreal'], variation: true, display: 'image' }],
    imageSwatches: { attribute: 'city', art: { Lisbon: 'Yellow', Kyoto: 'Pink', Montreal: 'Blue' } },
    variations: grid({ city: ['Lisbon', 'Kyoto', 'Montreal'] }, { regular_price: 3200 }),
  },
  {
    name: 'Abstract Shapes Poster', category: POSTER, shape: 'poster', color: 'Terracotta', featured: true, regular_price: 2800,
    sale_price: 2200, sale_from: day(-2), sale_to: day(12), weight: 0.3,
    blurb: 'Bold, warm shapes that bring colour to a bare wall.',
    details: ['50 × 70 cm', 'Matte archival paper', 'Frame not included'], tags: ['Art print', 'Sale'], reviews: { approved: [4, 5, 5] },
  },
  {
    name: 'Botanical Print Set', category: POSTER, shape: 'poster', color: 'Green', regular_price: 4500, weight: 0.5,
    blurb: 'Three botanical studies printed as a matching set.',
    details: ['Set of three A4 prints', 'Printed with plant-based inks', 'Signed by the illustrator'], tags: ['Art print'],
  },
  {
    name: 'Vintage Travel Poster', category: POSTER, shape: 'poster', color: 'Teal', regular_price: 3500, stock_status: 'outofstock',
    blurb: 'A travel poster in the style of the 1930s railway posters.',
    details: ['50 × 70 cm', 'Lithograph-style print', 'Out of stock for now'],
  },
  {
    name: 'Terracotta Plant Pot', type: 'variable', category: PLANT, shape: 'pot', color: 'Terracotta',
    blurb: 'A classic unglazed pot with a saucer, in three sizes.',
    details: ['Unglazed terracotta', 'Drainage hole and saucer', 'Frost resistant'],
    tags: ['Ceramics', 'Garden'], attributes: [sizeAttr(['Small', 'Medium', 'Large'])],
    variations: grid({ size: ['Small', 'Medium', 'Large'] }, { regular_price: 1200 }, (c) => ({
      regular_price: { Small: 1200, Medium: 1800, Large: 2600 }[c.size],
      weight: { Small: 0.6, Medium: 1.1, Large: 2.4 }[c.size],
    })),
  },
  {
    name: 'Snake Plant in Ceramic Pot', category: PLANT, shape: 'plant', color: 'White', featured: true, gallery: true, regular_price: 3900,
    manage_stock: true, stock_quantity: 4, low_stock_amount: 5, weight: 2.5, length: 20, width: 20, height: 55,
    blurb: 'A tough, upright snake plant that thrives on neglect, potted and ready.',
    details: ['About 55 cm tall with pot', 'Low light tolerant', 'Water every two to three weeks'],
    tags: ['Plants', 'Bestseller'], reviews: { approved: [5, 5, 4] }, crosssells: ['Terracotta Plant Pot'],
  },
  {
    name: 'Monstera Deliciosa', category: PLANT, shape: 'plant', color: 'Sand', regular_price: 4900, weight: 4, height: 70,
    blurb: 'The famous split-leaf plant, grown in our greenhouse.',
    details: ['About 70 cm tall', 'Bright, indirect light', 'Delivered in a nursery pot'], tags: ['Plants'], reviews: { approved: [4] },
  },
  {
    name: 'Hanging Macramé Planter', category: PLANT, shape: 'pot', color: 'Sand', regular_price: 2200, weight: 0.3,
    blurb: 'A hand-knotted cotton hanger for pots up to 18 cm.',
    details: ['Hand-knotted cotton rope', '100 cm drop', 'Pot not included'], tags: ['Garden'],
  },
  {
    name: 'Succulent Trio', category: PLANT, shape: 'plant', color: 'Pink', regular_price: 2400, sale_price: 1900, weight: 1,
    blurb: 'Three small succulents in pastel pots, an easy start for new plant parents.',
    details: ['Three plants, 6 cm pots', 'Needs sun and little water', 'Pots vary in colour'], tags: ['Plants', 'Sale'],
  },
  {
    name: 'Self-Watering Planter', type: 'variable', category: PLANT, shape: 'pot', color: 'Green', weight: 0.8,
    blurb: 'A planter with a hidden reservoir, so plants drink when they need to.',
    details: ['Recycled plastic', 'Water level indicator', 'Two weeks between refills'],
    tags: ['Garden'], attributes: [colorAttr(['Green', 'White', 'Grey'])],
    variations: grid({ color: ['Green', 'White', 'Grey'] }, { regular_price: 2900 }),
  },
  {
    name: 'Desk Cactus', category: PLANT, shape: 'plant', color: 'Yellow', regular_price: 1500, weight: 0.5,
    blurb: 'A small, slow-growing cactus in a sunny yellow pot, for desks and windowsills.',
    details: ['About 15 cm tall', 'Full sun', 'Water once a month'], tags: ['Plants'], reviews: { pending: [5] },
  },
  {
    name: 'Ceramic Herb Planter', category: PLANT, shape: 'pot', color: 'White', regular_price: 2700, weight: 1.2,
    blurb: 'A long windowsill planter with room for three herbs.',
    details: ['Glazed ceramic', '40 cm long', 'With a bamboo tray'], tags: ['Ceramics', 'Garden'],
  },
];
