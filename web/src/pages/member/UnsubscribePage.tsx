import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentMutation } from '../../data/current-mutation';
import { Link, useSearchParams } from '../../ui/router';
import { ApiError } from '../../api/client';
import { http, unwrap } from '../../api/instance';
import { Loading, ErrorNotice } from '../../ui/feedback';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';

/**
 * The one-click link of a reminder e-mail (`/reminders/unsubscribe?token=…`): no login. It posts the token once
 * (`POST /api/reminders/unsubscribe`) and says in plain words what happened: reminder e-mails are off, or the link
 * is not valid. The signed token can do nothing else (docs/decisions/invoices-and-reminders.md "Opting out").
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useCurrentMutation(() =>
    unwrap(http.POST('/api/reminders/unsubscribe', { params: { query: { token } }, body: {} as never })),
  );
  const sent = useRef(false);
  useEffect(() => {
    // Once per visit (React runs effects twice in development; a repeat would be harmless, but one call is the promise).
    if (token && !sent.current) {
      sent.current = true;
      unsubscribe.mutate();
    }
  }, [token, unsubscribe]);
  const invalid =
    !token || (unsubscribe.error instanceof ApiError && unsubscribe.error.code === 'INVALID_UNSUBSCRIBE_LINK');
  return (
    <main id="main" className="page narrow">
      <h1>{t('unsubscribe.title')}</h1>
      {!invalid && unsubscribe.isPending && <Loading what={t('unsubscribe.working')} />}
      {unsubscribe.isSuccess && (
        <p role="status" className="notice success" data-testid="unsubscribe-done">
          {t('unsubscribe.done')}
        </p>
      )}
      {invalid && (
        <p role="alert" className="notice error" data-testid="unsubscribe-invalid">
          {t('unsubscribe.invalid')}
        </p>
      )}
      {!invalid && <ErrorNotice error={unsubscribe.error} title={t('unsubscribe.failed')} />}
      <p>{t('unsubscribe.inApp')}</p>
      <p>
        <Link to="/notifications">{t('unsubscribe.settings')}</Link>
      </p>
      <LanguageSwitcher />
    </main>
  );
}
