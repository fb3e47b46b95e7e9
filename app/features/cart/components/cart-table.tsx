import type { FormEvent, MouseEvent } from 'react';
import type { Cart, CartItem } from '../cart.schema.ts';
import { displayOf } from '../display.ts';
import { cartText } from './cart-text.ts';
import { Attributes, removeHref } from './mini-cart-contents.tsx';
import { parseQuantity, QuantityInput } from './quantity-input.tsx';

interface Props {
  cart: Cart;
  csrf: string;
  money: (minor: number) => string;
  enhanced: boolean;
  /** Scripted "Update cart": the lines whose quantity changed. */
  onUpdate: (changes: { key: string; quantity: number }[]) => void;
  /** Scripted remove; on failure the caller follows `href`. */
  onRemove: (item: CartItem, href: string) => void;
}

/**
 * The cart's lines as a form: remove link, thumbnail, name and attributes, unit price,
 * quantity and line subtotal, then "Update cart". Without scripts it posts intent "update"
 * with every quantity; with scripts only changed lines are sent, through the queue.
 */
export function CartTable({ cart, csrf, money, enhanced, onUpdate, onRemove }: Props) {
  const display = displayOf(cart);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const changes = cart.items
      .map((item) => ({ key: item.key, quantity: parseQuantity(String(form.get(`qty[${item.key}]`) ?? item.quantity)), was: item.quantity }))
      .filter((c) => c.quantity !== c.was)
      .map(({ key, quantity }) => ({ key, quantity }));
    onUpdate(changes);
  };
  const remove = (item: CartItem) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    onRemove(item, e.currentTarget.href);
  };
  return (
    <form method="post" action="/cart" className="cart-form" onSubmit={submit} noValidate>
      <input type="hidden" name="_csrf" value={csrf} />
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col" className="cart-table__remove">
              <span className="visually-hidden">{cartText.removeShort}</span>
            </th>
            <th scope="col" className="cart-table__thumb">
              <span className="visually-hidden">{cartText.thumbnail}</span>
            </th>
            <th scope="col">{cartText.product}</th>
            <th scope="col">{cartText.price}</th>
            <th scope="col">{cartText.quantity}</th>
            <th scope="col">{cartText.lineTotal}</th>
          </tr>
        </thead>
        <tbody>
          {cart.items.map((item, n) => (
            <tr key={item.key} className="cart-table__row" data-row="line" data-amount={display.lines[n]?.amount ?? 0}>
              <td className="cart-table__remove">
                <a href={removeHref(item.key, csrf)} className="cart-remove" rel="nofollow" aria-label={cartText.remove(item.name)} onClick={remove(item)}>
                  ×
                </a>
              </td>
              <td className="cart-table__thumb">
                {item.image ? <img src={item.image.src} srcSet={item.image.srcset} sizes="80px" width={80} height={80} alt="" loading="lazy" /> : null}
              </td>
              <td className="cart-table__name" data-title={cartText.product}>
                <a href={item.url}>{item.name}</a>
                <Attributes item={item} />
              </td>
              <td data-title={cartText.price}>{money(item.unitPrice)}</td>
              <td data-title={cartText.quantity}>
                <QuantityInput
                  key={`${item.key}:${item.quantity}`}
                  name={`qty[${item.key}]`}
                  id={`qty-${item.key}`}
                  productName={item.name}
                  quantity={item.quantity}
                  max={item.maxQuantity}
                  enhanced={enhanced}
                />
              </td>
              <td data-title={cartText.lineTotal}>{money(display.lines[n]?.amount ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="cart-form__actions">
        <button type="submit" className="button" name="intent" value="update">
          {cartText.updateCart}
        </button>
      </p>
    </form>
  );
}
