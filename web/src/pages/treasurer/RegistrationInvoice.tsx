import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatMoney } from '../../ui/format';

/**
 * Mark one direct-sale registration invoiced, or clear it, by its id (the transactions export lists the ids: no
 * route lists another member's registrations, see docs/decisions/web-client-part2.md).
 */
export function RegistrationInvoice() {
  const [id, setId] = useState('');
  const put = useAction(({ invoiced }: { invoiced: boolean }, organizationId) =>
    unwrap(
      http.PUT('/api/management/registrations/{id}/invoice', {
        params: { path: { id: id.trim() }, query: { organizationId } },
        body: { invoiced },
      }),
    ),
  );
  const submit = (invoiced: boolean) => (e?: FormEvent) => {
    e?.preventDefault();
    put.mutate({ invoiced });
  };
  return (
    <section aria-labelledby="registration-invoice">
      <h2 id="registration-invoice">Mark a direct sale invoiced</h2>
      <form className="stack" onSubmit={submit(true)}>
        <label>
          Registration id
          <input required value={id} onChange={(e) => setId(e.target.value)} pattern={String.raw`[A-Za-z0-9._:\-]+`} />
        </label>
        <div className="row">
          <button type="submit" disabled={put.isPending}>
            Mark invoiced
          </button>
          <button
            type="button"
            className="secondary"
            disabled={put.isPending || !id.trim()}
            onClick={() => submit(false)()}
          >
            Clear invoice
          </button>
        </div>
      </form>
      {put.data && (
        <Success>
          {put.data.seller.name}'s sale of {put.data.totalQuantity} tickets ({formatMoney(put.data.totalAmount)}) is{' '}
          {put.data.invoicedAt ? 'invoiced' : 'not invoiced'}.
        </Success>
      )}
      <ErrorNotice error={put.error} />
    </section>
  );
}
