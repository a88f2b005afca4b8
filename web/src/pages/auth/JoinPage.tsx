import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCurrentMutation } from '../../data/current-mutation';
import { Link, useParams } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import { currentSession } from '../../api/session';
import { ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { roleLabel } from '../../ui/format';
import { submittedValue } from '../../ui/form-values';

/** An invitation link `/join/{code}`: shows the organization, then joins with a name and e-mail. */
export default function JoinPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['join', code],
    queryFn: () => unwrap(http.GET('/api/join/{code}', { params: { path: { code } } })),
    retry: false,
  });
  const [email, setEmail] = useState(currentSession()?.email ?? '');
  const [name, setName] = useState('');
  const join = useCurrentMutation((body: { email: string; name: string }) =>
    unwrap(http.POST('/api/join/{code}', { params: { path: { code } }, body })),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    join.mutate({ email: submittedValue(form, 'email'), name: submittedValue(form, 'name') });
  };
  const signedIn = Boolean(currentSession());

  return (
    <main id="main" className="page narrow">
      <h1>{t('join.title')}</h1>
      <QueryView query={invitation} what={t('join.checking')}>
        {(data) =>
          join.isSuccess ? (
            <>
              <Success>
                {t('join.joined', { role: roleLabel(join.data.role), organization: join.data.organizationName })}
              </Success>
              {signedIn ? (
                <Link to="/orgs">{t('join.openOrganizations')}</Link>
              ) : (
                <Link to={`/login?email=${encodeURIComponent(join.variables?.email ?? email)}`}>
                  {t('join.logInToStart')}
                </Link>
              )}
            </>
          ) : (
            <form onSubmit={submit} className="stack">
              <p>{t('join.invited', { organization: data.organizationName, role: roleLabel(data.role) })}</p>
              <label>
                {t('join.name')}
                <input
                  name="name"
                  required
                  autoComplete="name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              </label>
              <label>
                {t('login.email')}
                <input
                  type="email"
                  name="email"
                  required
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </label>
              <button type="submit" disabled={join.isPending}>
                {join.isPending ? t('join.joining') : t('join.submit')}
              </button>
              <ErrorNotice error={join.error} title={t('join.couldNotJoin')} />
            </form>
          )
        }
      </QueryView>
    </main>
  );
}
