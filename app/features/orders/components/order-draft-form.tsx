import { Form } from "react-router";
import { CsrfField, Field } from "../../account/components/form-parts.tsx";
import { AddressFields } from "../../checkout/components/address-fields.tsx";
import type { Country } from "../../address/address.ts";
import {
  CheckField,
  SelectField,
  TextAreaField,
} from "../../../ui/form-kit.tsx";
import { statusName } from "../status-name.ts";
import { t } from "../../../i18n/t-admin.ts";
import type { Draft, PricedSummary } from "../order-draft.types.ts";
import { DraftLines } from "./order-draft-lines.tsx";

/*
 * The order form of the back office: "Add order" and editing an order. Every control is in
 * one plain form; its buttons post an intent (find a customer or product, pick one, add or
 * remove a line, recalculate, save), and the page comes back with everything typed, so it
 * works without scripts exactly as with them.
 */

/** The draft and its totals as the form shows them (the server's own types). */
export type DraftView = Draft;
export type PricedView = PricedSummary;

export interface DraftFormProps {
  mode: "create" | "edit";
  draft: DraftView;
  priced: PricedView | null;
  quotes: { id: string; title: string; cost: number }[];
  found: {
    customers?: { value: string; label: string }[];
    products?: {
      productId: number;
      variationId: number | null;
      name: string;
      sku: string;
    }[];
  };
  errors: Record<string, string>;
  states: { billing: Country[]; shipping: Country[] };
  statuses: readonly string[];
  money: (minor: number) => string;
  idempotencyKey: string;
}

export function OrderDraftForm({
  mode,
  draft,
  priced,
  quotes,
  found,
  errors,
  states,
  statuses,
  money,
  idempotencyKey,
}: DraftFormProps) {
  const err = (name: string) => errors[name];
  return (
    <Form method="post" className="admin-form order-draft" noValidate>
      <CsrfField />
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      <input type="hidden" name="version" value={draft.version} />
      {/* Enter in any field presses the form's first button: this one only recalculates (never saves, never searches). */}
      <button type="submit" name="intent" value="recalculate" className="visually-hidden" tabIndex={-1}>
        {t('admin.orderForm.recalculate')}
      </button>
      {mode === "create" ? (
        <fieldset>
          <legend>{t("admin.orderForm.customer")}</legend>
          <input type="hidden" name="customer" value={draft.customer} />
          <input
            type="hidden"
            name="customer_label"
            value={draft.customerLabel}
          />
          <p>
            {draft.customer.startsWith("account:")
              ? t("admin.orderForm.chosen", { name: draft.customerLabel })
              : t("admin.orderForm.guest")}
          </p>
          {draft.customer.startsWith("account:") ? (
            <button
              type="submit"
              name="intent"
              value="pick:"
              className="button button--ghost"
            >
              {t("admin.orderForm.clearCustomer")}
            </button>
          ) : null}
          <div className="order-draft__search">
            <Field
              name="customer_q"
              label={t("admin.orderForm.customerSearch")}
              defaultValue={draft.customerQuery}
              error={err("customer_q")}
            />
            <button
              type="submit"
              name="intent"
              value="find_customer"
              className="button button--ghost"
            >
              {t("admin.orderForm.find")}
            </button>
          </div>
          {found.customers ? (
            found.customers.length ? (
              <ul className="order-draft__found">
                {found.customers.map((c) => (
                  <li key={c.value}>
                    <button
                      type="submit"
                      name="intent"
                      value={`pick:${c.value}`}
                      className="link-button"
                    >
                      {t("admin.orderForm.use", { name: c.label })}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p role="status">
                {t("admin.orderForm.noCustomers", { q: draft.customerQuery })}
              </p>
            )
          ) : null}
        </fieldset>
      ) : null}

      <DraftLines draft={draft} priced={priced} found={found} errors={errors} money={money} />

      <div className="order-draft__addresses">
        <fieldset>
          <legend>{t("admin.orderForm.billing")}</legend>
          <AddressFields
            kind="billing"
            values={draft.billing}
            states={states.billing}
            errors={errors}
            withContact
          />
        </fieldset>
        <fieldset>
          <legend>{t("admin.orderForm.shippingAddress")}</legend>
          <CheckField
            name="ship_to_different"
            label={t("admin.orderForm.shipToDifferent")}
            checked={draft.shipToDifferent}
          />
          <AddressFields
            kind="shipping"
            values={draft.shipping}
            states={states.shipping}
            errors={errors}
          />
        </fieldset>
      </div>

      <fieldset>
        <legend>{t("admin.orderForm.shipping")}</legend>
        <SelectField
          name="shipping_method"
          label={t("admin.orderForm.shippingMethod")}
          value={draft.shippingMethod}
          options={[
            ["", t("admin.orderForm.noShipping")],
            ...quotes.map(
              (q) => [q.id, `${q.title} (${money(q.cost)})`] as const,
            ),
            ...(draft.shippingMethod &&
            draft.shippingMethod !== "manual" &&
            !quotes.some((q) => q.id === draft.shippingMethod)
              ? [
                  [
                    draft.shippingMethod,
                    draft.shippingTitle || draft.shippingMethod,
                  ] as const,
                ]
              : []),
            ["manual", t("admin.orderForm.otherShipping")],
          ]}
        />
        <Field
          name="shipping_title"
          label={t("admin.orderForm.shippingTitle")}
          defaultValue={draft.shippingTitle}
          error={err("shipping_title")}
        />
        <Field
          name="shipping_cost"
          label={t("admin.orderForm.shippingCost")}
          hint={t("admin.orderForm.shippingCostHint")}
          defaultValue={draft.shippingCost}
          error={err("shipping_cost")}
        />
      </fieldset>

      <fieldset>
        <legend>{t("admin.orderForm.fees")}</legend>
        <Field
          name="coupon"
          label={t("admin.orderForm.coupon")}
          defaultValue={draft.coupon}
          error={err("coupon")}
        />
        {[...draft.fees, { name: "", amount: "" }].map((f, i) => (
          <div
            className="order-draft__fee"
            key={`fee-${i}-${draft.fees.length}`}
          >
            <Field
              name={`fee_name_${i}`}
              label={t("admin.orderForm.feeName", { n: i + 1 })}
              defaultValue={f.name}
              error={err(`fee_name_${i}`)}
            />
            <Field
              name={`fee_amount_${i}`}
              label={t("admin.orderForm.feeAmount", { n: i + 1 })}
              defaultValue={f.amount}
              error={err(`fee_amount_${i}`)}
            />
          </div>
        ))}
      </fieldset>

      {mode === "create" ? (
        <fieldset>
          <legend>{t("admin.orderForm.status")}</legend>
          <SelectField
            name="status"
            label={t("admin.orderForm.status")}
            value={draft.status}
            options={statuses.map(
              (s) =>
                [s, statusName(s)] as const,
            )}
            error={err("status")}
          />
          <TextAreaField
            name="customer_note"
            label={t("admin.orderForm.customerNote")}
            defaultValue={draft.customerNote}
            maxLength={2000}
          />
        </fieldset>
      ) : null}

      <section aria-labelledby="draft-totals" className="order-draft__totals">
        <h2 id="draft-totals">{t("admin.orderForm.totals")}</h2>
        {priced ? (
          <table className="admin-table">
            <tbody>
              <tr>
                <th scope="row">{t("admin.orderForm.subtotal")}</th>
                <td>{money(priced.subtotal)}</td>
              </tr>
              {priced.fees.map((f, i) => (
                <tr key={`f${i}`}>
                  <th scope="row">{f.name}</th>
                  <td>{money(f.amount)}</td>
                </tr>
              ))}
              {priced.discount ? (
                <tr>
                  <th scope="row">{t("admin.orderForm.discount")}</th>
                  <td>−{money(priced.discount)}</td>
                </tr>
              ) : null}
              <tr>
                <th scope="row">{t("admin.orderForm.shipping")}</th>
                <td>{money(priced.shipping)}</td>
              </tr>
              {priced.taxLines.map((tl) => (
                <tr key={tl.label}>
                  <th scope="row">{tl.label}</th>
                  <td>{money(tl.amount)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">{t("admin.orderForm.total")}</th>
                <td>
                  <strong>{money(priced.total)}</strong>
                </td>
              </tr>
            </tbody>
          </table>
        ) : (
          <p>{t("admin.orderForm.notPriced")}</p>
        )}
      </section>

      <p className="admin-actions">
        <button
          type="submit"
          name="intent"
          value="recalculate"
          className="button button--ghost"
        >
          {t("admin.orderForm.recalculate")}
        </button>{" "}
        <button type="submit" name="intent" value="save" className="button">
          {t(
            mode === "create"
              ? "admin.orderForm.create"
              : "admin.orderForm.save",
          )}
        </button>
      </p>
    </Form>
  );
}
