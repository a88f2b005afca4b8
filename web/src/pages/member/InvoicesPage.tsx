import { useTranslation } from 'react-i18next';
import { Empty, ErrorNotice, Loading, ShowMore } from '../../ui/feedback';
import { InvoiceCard } from './InvoiceCard';
import { useInvoicedEvents } from './invoice-queries';
import './invoices.css';

/**
 * The member's invoices (docs/decisions/invoices-and-reminders.md "The member's invoices in the client"): one card
 * per event they were invoiced for, with the lines, the total, what is paid and outstanding, the due date, the
 * reference, the PDF, and on a phone "pay by scanning".
 */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const { history, events } = useInvoicedEvents();
  return (
    <>
      <h1>{t('invoices.title')}</h1>
      {history.isPending && <Loading what={t('invoices.loading')} />}
      {history.isError && <ErrorNotice error={history.error} title={t('invoices.couldNotLoad')} />}
      {history.isSuccess && events.length === 0 && !history.hasNextPage && <Empty>{t('invoices.none')}</Empty>}
      {events.map((event) => (
        <InvoiceCard key={event.eventId} eventId={event.eventId} eventName={event.eventName} />
      ))}
      <ShowMore query={history} />
    </>
  );
}
