/** The header cart's name, with its count once known (part of cartText, apart so the header needs only these). */
export const cartLabel = {
  cart: 'Cart',
  cartCount: (n: number) => `Cart, ${n} ${n === 1 ? 'item' : 'items'}`,
} as const;
