import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useCurrentMutation } from '../../data/current-mutation';
import { useNavigate, useSearchParams } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import { keepSession, safeNext } from '../../data/login';
import { queryClient } from '../../data/query-client';
import { ErrorNotice, Success } from '../../ui/feedback';
import { submittedValue } from '../../ui/form-values';

/** Login by e-mailed code: ask for the e-mail, then the 6-digit code (the e-mail's link opens /auth/verify). */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const codeField = useRef<HTMLInputElement>(null);
  // Once the code is on its way, the next thing to do is type it: focus goes to the code field, not to the page.
  useEffect(() => {
    if (sentTo) codeField.current?.focus();
  }, [sentTo]);

  const send = useCurrentMutation(
    (address: string) => unwrap(http.POST('/api/auth/magic-link', { body: { email: address } })),
    { onSuccess: (_data, address) => setSentTo(address) },
  );
  const verify = useCurrentMutation(
    (body: { email: string; code: string }) => unwrap(http.POST('/api/auth/verify-code', { body })),
    {
      onSuccess: (verified) => {
        queryClient.clear();
        keepSession(verified);
        void navigate(safeNext(params.get('next')), { replace: true });
      },
    },
  );

  const onSend = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(submittedValue(e.currentTarget as HTMLFormElement, 'email'));
  };
  const onVerify = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate({ email: sentTo!, code: submittedValue(e.currentTarget as HTMLFormElement, 'code') });
  };

  return (
    <main id="main" className="page narrow">
      <h1>{t('login.title')}</h1>
      {params.get('expired') && <p className="notice">{t('login.expired')}</p>}
      {!sentTo ? (
        <form onSubmit={onSend} className="stack">
          <label>
            {t('login.email')}
            <input
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <button type="submit" disabled={send.isPending}>
            {send.isPending ? t('login.sending') : t('login.send')}
          </button>
          <ErrorNotice error={send.error} title={t('login.couldNotSend')} />
        </form>
      ) : (
        <form onSubmit={onVerify} className="stack">
          <Success>{t('login.sent', { email: sentTo })}</Success>
          <label>
            {t('login.code')}
            <input
              ref={codeField}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <button type="submit" disabled={verify.isPending}>
            {verify.isPending ? t('login.checking') : t('login.submit')}
          </button>
          <button type="button" className="secondary" onClick={() => setSentTo(undefined)}>
            {t('login.otherEmail')}
          </button>
          <ErrorNotice error={verify.error} title={t('login.couldNotLogIn')} />
        </form>
      )}
    </main>
  );
}
