import { useId, useState, type MouseEvent } from 'react';
import { t } from '../i18n/t-orders.ts';

/*
 * The terms and conditions lightbox: a link (inside the checkbox's label) and a modal
 * <dialog> placed outside that label, so a click in the dialog never ticks the box. The
 * dialog keeps focus inside; Escape, the close button or a click on the backdrop close it
 * and focus returns to the link. Without scripts, or with a modified click, the link simply
 * opens the terms page.
 */

export function TermsLink({ href, label, dialogId }: { href: string; label: string; dialogId: string }) {
  const [open, setOpen] = useState(false);
  const show = (e: MouseEvent<HTMLAnchorElement>) => {
    const dialog = document.getElementById(dialogId) as HTMLDialogElement | null;
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !dialog?.showModal) return;
    e.preventDefault();
    const link = e.currentTarget;
    setOpen(true);
    dialog.addEventListener(
      'close',
      () => {
        setOpen(false);
        link.focus();
      },
      { once: true },
    );
    dialog.showModal();
  };
  return (
    <a href={href} onClick={show} aria-haspopup="dialog" aria-expanded={open} aria-controls={dialogId}>
      {label}
    </a>
  );
}

export function TermsDialog({ id, title, text }: { id: string; title: string; text: string }) {
  const titleId = useId();
  const close = (e: MouseEvent<HTMLElement>) => (e.currentTarget.closest('dialog') as HTMLDialogElement).close();
  return (
    <dialog id={id} className="terms-dialog" aria-labelledby={titleId} onClick={(e) => e.target === e.currentTarget && e.currentTarget.close()}>
      <div className="terms-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button terms-dialog__close" onClick={close} aria-label={t('checkout.termsClose')}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="terms-dialog__body">
        {text
          .split(/\n\s*\n/)
          .filter((p) => p.trim())
          .map((p, i) => (
            <p key={i}>{p.trim()}</p>
          ))}
      </div>
    </dialog>
  );
}
