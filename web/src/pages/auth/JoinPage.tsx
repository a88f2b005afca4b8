import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { http, unwrap } from '../../api/instance';
import { currentSession } from '../../api/session';
import { ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { ROLE_LABEL } from '../../ui/format';

/** An invitation link `/join/{code}`: shows the organization, then joins with a name and e-mail. */
export default function JoinPage() {
  const { code = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['join', code],
    queryFn: () => unwrap(http.GET('/api/join/{code}', { params: { path: { code } } })),
    retry: false,
  });
  const [email, setEmail] = useState(currentSession()?.email ?? '');
  const [name, setName] = useState('');
  const join = useMutation({
    mutationFn: () => unwrap(http.POST('/api/join/{code}', { params: { path: { code } }, body: { email, name } })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    join.mutate();
  };
  const signedIn = Boolean(currentSession());

  return (
    <main id="main" className="page narrow">
      <h1>Join an organization</h1>
      <QueryView query={invitation} what="Checking the invitation">
        {(data) =>
          join.isSuccess ? (
            <>
              <Success>
                You are now a {ROLE_LABEL[join.data.role].toLowerCase()} of {join.data.organizationName}.
              </Success>
              {signedIn ? (
                <Link to="/orgs">Open your organizations</Link>
              ) : (
                <Link to={`/login?email=${encodeURIComponent(email)}`}>Log in to start</Link>
              )}
            </>
          ) : (
            <form onSubmit={submit} className="stack">
              <p>
                You are invited to join <strong>{data.organizationName}</strong> as{' '}
                {ROLE_LABEL[data.role].toLowerCase()}.
              </p>
              <label>
                Your name
                <input required autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
              </label>
              <label>
                E-mail address
                <input
                  type="email"
                  required
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </label>
              <button type="submit" disabled={join.isPending}>
                {join.isPending ? 'Joining…' : 'Join'}
              </button>
              <ErrorNotice error={join.error} title="Could not join" />
            </form>
          )
        }
      </QueryView>
    </main>
  );
}
