import { useId, useState } from 'react';
import { t } from '../../../i18n/t-wishlist.ts';
import { wishlistApi } from '../client/wishlist-api.ts';
import { WishlistDialog, useCloseLater, closeOpenDialog } from './wishlist-dialog.tsx';

interface EstimateProps {
  token: string;
  fields: string[];
  onClose: () => void;
}

/** "Ask for an estimate": name, e-mail, message and the shop's extra fields; the answer replaces the form. */
export function EstimatePopup({ token, fields, onClose }: EstimateProps) {
  const ids = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useCloseLater(done !== null, closeOpenDialog);
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const extra = Object.fromEntries(fields.map((label, i) => [label, String(form.get(`extra-${i}`) ?? '')]));
    setBusy(true);
    const res = await wishlistApi<{ message: string }>('POST', `/wishlists/${token}/estimate`, {
      name: form.get('name'),
      email: form.get('email'),
      message: form.get('message'),
      extra,
    });
    setBusy(false);
    if (res.ok) setDone(res.body.message);
    else {
      setErrors(res.body.error?.fields ?? {});
      // The failure's message goes in an error box after the description (spec §8).
      setError(res.body.error?.message ?? '');
    }
  };
  const field = (name: string, label: string, input: React.ReactNode) => (
    <p className="field">
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      {input}
      {errors[name] ? <span id={`${ids}-${name}-err`} className="field__error">{errors[name]}</span> : null}
    </p>
  );
  const attrs = (name: string) => ({ id: `${ids}-${name}`, name, 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `${ids}-${name}-err` : undefined });
  return (
    <WishlistDialog title={t('wishlist.askEstimate')} onClose={onClose}>
      {done !== null ? (
        <div className="wl-feedback" role="status"><p>{done}</p></div>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{t('wishlist.estimateIntro')}</p>
          {error ? <p className="notice notice--error" role="alert">{error}</p> : null}
          {field('name', t('wishlist.estimateName'), <input {...attrs('name')} required maxLength={100} autoComplete="name" />)}
          {field('email', t('wishlist.estimateEmail'), <input {...attrs('email')} type="email" required maxLength={254} autoComplete="email" />)}
          {fields.map((label, i) => field(`extra-${i}`, label, <input {...attrs(`extra-${i}`)} maxLength={500} />))}
          {field('message', t('wishlist.estimateMessage'), <textarea {...attrs('message')} rows={4} maxLength={2000} />)}
          <button type="submit" className="button" disabled={busy}>{t('wishlist.estimateSubmit')}</button>
        </form>
      )}
    </WishlistDialog>
  );
}
