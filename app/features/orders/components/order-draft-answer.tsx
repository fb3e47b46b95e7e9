import { useMoney } from '../../cart/components/money.ts';
import type { Country } from '../../address/address.ts';
import type { DraftAnswer } from '../order-draft-page.server.ts';
import { OrderDraftForm } from './order-draft-form.tsx';

/*
 * The order form as "Add order" and the order editor show it after each step: what was
 * refused, then the form with the draft as it came back (keyed by it, so a step's answer
 * replaces every field).
 */
export function OrderDraftAnswer(props: {
  mode: 'create' | 'edit';
  answer: DraftAnswer;
  states: { billing: Country[]; shipping: Country[] };
  statuses: readonly string[];
  currency: string;
  idempotencyKey: string;
}) {
  const { mode, answer, states, statuses, currency, idempotencyKey } = props;
  const money = useMoney(currency);
  return (
    <>
      {answer.message ? (
        <div className="form-errors" role="alert">
          <p>{answer.message}</p>
        </div>
      ) : null}
      <OrderDraftForm
        key={JSON.stringify(answer.draft)}
        mode={mode}
        draft={answer.draft}
        priced={answer.priced}
        quotes={answer.quotes}
        found={answer.found}
        errors={answer.errors}
        states={states}
        statuses={statuses}
        money={money}
        idempotencyKey={idempotencyKey}
      />
    </>
  );
}
