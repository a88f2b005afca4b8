import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { useCurrentMutation } from '../../data/current-mutation';
import { Link, useNavigate, useSearchParams } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import { keepSession } from '../../data/login';
import { queryClient } from '../../data/query-client';
import { ErrorNotice, Loading } from '../../ui/feedback';

/** The login link's target (`APP_BASE_URL/auth/verify?token=…`): verifies the token once, then opens the app. */
export default function VerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const started = useRef(false);
  const verify = useCurrentMutation(() => unwrap(http.POST('/api/auth/verify', { body: { token } })), {
    onSuccess: (verified) => {
      queryClient.clear();
      keepSession(verified);
      void navigate('/', { replace: true });
    },
  });
  useEffect(() => {
    // A link token is single-use: StrictMode's double effect must not spend it twice.
    if (started.current || !token) return;
    started.current = true;
    verify.mutate();
  }, [token, verify]);

  return (
    <main id="main" className="page narrow">
      <h1>{t('verify.title')}</h1>
      {!token && <p className="notice error">{t('verify.noToken')}</p>}
      {verify.isPending && <Loading what={t('verify.checking')} />}
      <ErrorNotice error={verify.error} title={t('verify.failed')} />
      {(verify.isError || !token) && <Link to="/login">{t('verify.askNew')}</Link>}
    </main>
  );
}
