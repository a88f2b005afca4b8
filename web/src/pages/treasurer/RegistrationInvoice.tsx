import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatMoney, tickets } from '../../ui/format';

/**
 * Mark one direct-sale registration invoiced, or clear it, by its id (the transactions export lists the ids: no
 * route lists another member's registrations, see docs/decisions/web-client-part2.md).
 */
export function RegistrationInvoice() {
  const { t } = useTranslation();
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
      <h2 id="registration-invoice">{t('registrationInvoice.title')}</h2>
      <form className="stack" onSubmit={submit(true)}>
        <label>
          {t('registrationInvoice.id')}
          <input required value={id} onChange={(e) => setId(e.target.value)} pattern={String.raw`[A-Za-z0-9._:\-]+`} />
        </label>
        <div className="row">
          <button type="submit" disabled={put.isPending}>
            {t('registrationInvoice.mark')}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={put.isPending || !id.trim()}
            onClick={() => submit(false)()}
          >
            {t('registrationInvoice.clear')}
          </button>
        </div>
      </form>
      {put.data && (
        <Success>
          {t(put.data.invoicedAt ? 'registrationInvoice.invoiced' : 'registrationInvoice.notInvoiced', {
            name: put.data.seller.name,
            tickets: tickets(put.data.totalQuantity),
            amount: formatMoney(put.data.totalAmount),
          })}
        </Success>
      )}
      <ErrorNotice error={put.error} />
    </section>
  );
}
