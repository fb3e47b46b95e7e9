import type { Shape } from './demo-images.ts';

/*
 * Demo reviews: names and texts varied enough that a shopper reading a few product pages does
 * not meet the same person or sentence twice. Texts are by star rating, some general and some
 * about the kind of thing reviewed (a tee is worn, a mug is drunk from, a plant is watered).
 */

export const REVIEWERS = [
  'Amara Okafor', 'Lukas Brandt', 'Sofia Marino', 'Kenji Watanabe', 'Chloé Martin', 'Priya Nair', 'Mateo García',
  'Hannah Berg', 'Tomás Silva', 'Olivia Chen', 'Noah Fischer', 'Aisha Rahman', 'Elena Petrova', 'Jonas Lindqvist',
  'Grace Mensah', 'Rafael Costa', 'Ingrid Solberg', 'Yusuf Demir', 'Maya Goldberg', 'Daniel Kowalski', 'Léa Dubois',
  'Samir Haddad', 'Freya Walsh', 'Arjun Mehta', 'Nora Hansen', 'Diego Ramírez', 'Zoe Papadopoulos', 'Emil Novak',
  'Ruth Adeyemi', 'Finn O\'Connor', 'Mei Lin', 'Carlos Mendes',
];

type Kind = 'wear' | 'kitchen' | 'wall' | 'plant' | 'other';

const KIND: Partial<Record<Shape, Kind>> = {
  tshirt: 'wear', hoodie: 'wear', cap: 'wear', beanie: 'wear', socks: 'wear', scarf: 'wear', tote: 'wear',
  mug: 'kitchen', tumbler: 'kitchen', poster: 'wall', pot: 'plant', plant: 'plant',
};

const GENERAL: Record<number, string[]> = {
  5: [
    'Exactly as pictured and beautifully made. Would buy again.',
    'Lovely quality and it arrived two days after I ordered.',
    'Perfect. I ordered a second one as a gift.',
    'Better than I expected for the price. Nicely packed, too.',
    'Simple, well made, does what it should. Five stars.',
    'Bought it on a whim and it has become a favourite.',
    'Great little shop. Clear updates and the parcel came a day early.',
    'Feels like it will last for years. Worth every cent.',
    'I was unsure from the photos, but it is even nicer in person.',
    'Third thing I have bought here and none has disappointed.',
    'Thoughtful packaging, no plastic, and a handwritten thank-you note.',
    'Just right. Nothing to add.',
  ],
  4: [
    'Very nice, just a little smaller than I expected.',
    'Good quality for the price. Happy with it.',
    'Really like it; delivery took a few days longer than hoped.',
    'Solid and good-looking. The colour is a touch darker than on screen.',
    'Would be five stars with slightly less plastic in the packaging.',
    'Does what it says. Took one star off for the shipping cost.',
    'Pretty and practical. I would like more colours to choose from.',
    'Good value. The instructions could be clearer, but no real complaints.',
  ],
  3: [
    'It is fine. Does the job, nothing special.',
    'Decent, but the colour is slightly different in person.',
    'Okay for the price; I expected a bit more from the photos.',
  ],
  2: ['Not quite what I hoped for; I am sending it back.', 'The finish has small flaws. Returns were easy at least.'],
  1: ['Arrived damaged. Customer service replaced it quickly, though.', 'Not for me at all, sadly.'],
};

const BY_KIND: Record<Kind, Record<number, string[]>> = {
  wear: {
    5: ['Soft from the first wear and still in shape after many washes.', 'Fits true to size and the fabric feels substantial.', 'My partner keeps borrowing it. Ordering another.'],
    4: ['Comfortable and well cut; runs slightly long on me.', 'Nice fabric. Shrank a little in a warm wash, so go cool.'],
    3: ['The fit is boxier than I like, but the fabric is good.'],
    2: ['The fit is off for me; the sleeves are far too long.'],
  },
  kitchen: {
    5: ['Keeps my coffee warm and feels great in the hand.', 'The glaze is gorgeous in daylight. My morning mug now.'],
    4: ['Lovely, though the handle is a bit small for big hands.', 'Holds a lot and survives the dishwasher fine.'],
    3: ['Nice shape, but it chips more easily than I hoped.'],
  },
  wall: {
    5: ['The print is crisp and the paper heavy. Looks great framed.', 'Colours are rich and true to the picture. Arrived flat and safe.'],
    4: ['Lovely print; took a while to find a frame that fits.'],
    3: ['Nice, but the paper is thinner than I expected.'],
  },
  plant: {
    5: ['Arrived healthy and well packed. Already putting out new leaves.', 'Easy to care for and looks great on the windowsill.'],
    4: ['Smaller than I thought, but healthy and growing fast.'],
    3: ['Lost a couple of leaves after the trip, recovering now.'],
  },
  other: {},
};

/** The texts a review of this kind of thing with this rating can have. */
export function reviewTexts(shape: Shape, rating: number): string[] {
  return [...(BY_KIND[KIND[shape] ?? 'other'][rating] ?? []), ...(GENERAL[rating] ?? GENERAL[3])];
}

/**
 * Picks reviewers and texts for one product's reviews: no name or text twice on one product,
 * and across the shop the least used ones first (ties broken by the seeded `random`).
 */
export function reviewPicker(random: () => number) {
  const used = new Map<string, number>();
  const pick = (options: string[], taken: Set<string>) => {
    const free = options.filter((o) => !taken.has(o));
    const pool = free.length > 0 ? free : options;
    const least = Math.min(...pool.map((o) => used.get(o) ?? 0));
    const fewest = pool.filter((o) => (used.get(o) ?? 0) === least);
    const chosen = fewest[Math.floor(random() * fewest.length)];
    used.set(chosen, least + 1);
    taken.add(chosen);
    return chosen;
  };
  return (shape: Shape, ratings: number[]) => {
    const names = new Set<string>();
    const texts = new Set<string>();
    return ratings.map((rating) => ({ author: pick(REVIEWERS, names), content: pick(reviewTexts(shape, rating), texts) }));
  };
}
