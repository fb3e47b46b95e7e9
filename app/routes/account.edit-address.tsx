import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/account.edit-address';
import { getCustomerAddresses, type AddressType } from '../features/address/customer-addresses.server.ts';
import { addressLines } from '../features/address/address.server.ts';
import { requireUser } from '../features/account/require-user.server.ts';
import { t } from '../i18n/t-orders.ts';

export const meta: Route.MetaFunction = () => [{ title: t('myaccount.addressesTitle') }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const saved = await getCustomerAddresses(context.services.db, requireUser(context, request).id);
  return {
    billing: saved.billing ? addressLines(saved.billing) : null,
    shipping: saved.shipping ? addressLines(saved.shipping) : null,
  };
}

export default function Addresses({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const boxes: [AddressType, string[] | null][] = [
    ['billing', loaderData.billing],
    ['shipping', loaderData.shipping],
  ];
  return (
    <>
      <h1>{t('myaccount.addressesTitle')}</h1>
      {params.get('saved') === '1' ? (
        <p className="notice" role="status">
          {t('myaccount.addressSaved')}
        </p>
      ) : null}
      <p>{t('myaccount.addressesText')}</p>
      <div className="address-boxes">
        {boxes.map(([type, lines]) => (
          <section key={type} className="address-box" aria-labelledby={`address-${type}`}>
            <h2 id={`address-${type}`}>{t(type === 'billing' ? 'myaccount.billingAddress' : 'myaccount.shippingAddress')}</h2>
            {lines ? (
              <address>
                {lines.map((l, i) => (
                  <span key={i}>
                    {l}
                    <br />
                  </span>
                ))}
              </address>
            ) : (
              <p>{t('myaccount.addressNone')}</p>
            )}
            <Link to={`/my-account/edit-address/${type}`} className="button button--ghost">
              {t(lines ? 'myaccount.addressEdit' : 'myaccount.addressAdd', { type: t(type === 'billing' ? 'myaccount.billingAddress' : 'myaccount.shippingAddress').toLowerCase() })}
            </Link>
          </section>
        ))}
      </div>
    </>
  );
}
