import { cartText } from './cart-text.ts';

/** WooCommerce's notice after adding to the cart without scripts: what was added, and a way to the cart. */
export function AddedNotice({ name, quantity }: { name: string; quantity: number }) {
  return (
    <div className="container">
      <p className="notice added-notice" role="status">
        {quantity > 1 ? cartText.addedSome(quantity, name) : cartText.added(name)}{' '}
        <a href="/cart" className="button added-notice__cart">
          {cartText.viewCart}
        </a>
      </p>
    </div>
  );
}
