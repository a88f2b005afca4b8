import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { http, unwrap } from '../../api/instance';
import { keepSession, safeNext } from '../../data/login';
import { queryClient } from '../../data/query-client';
import { ErrorNotice, Success } from '../../ui/feedback';

/** Login by e-mailed code: ask for the e-mail, then the 6-digit code (the e-mail's link opens /auth/verify). */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string>();

  const send = useMutation({
    mutationFn: (address: string) => unwrap(http.POST('/api/auth/magic-link', { body: { email: address } })),
    onSuccess: (_data, address) => setSentTo(address),
  });
  const verify = useMutation({
    mutationFn: () => unwrap(http.POST('/api/auth/verify-code', { body: { email: sentTo!, code: code.trim() } })),
    onSuccess: (verified) => {
      queryClient.clear();
      keepSession(verified);
      void navigate(safeNext(params.get('next')), { replace: true });
    },
  });

  const onSend = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(email.trim());
  };
  const onVerify = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate();
  };

  return (
    <main id="main" className="page narrow">
      <h1>Log in</h1>
      {params.get('expired') && <p className="notice">Your session has ended. Please log in again.</p>}
      {!sentTo ? (
        <form onSubmit={onSend} className="stack">
          <label>
            E-mail address
            <input
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send me a login code'}
          </button>
          <ErrorNotice error={send.error} title="Could not send the code" />
        </form>
      ) : (
        <form onSubmit={onVerify} className="stack">
          <Success>
            We sent a 6-digit code and a login link to {sentTo}. Enter the code, or open the link on this device.
          </Success>
          <label>
            Login code
            <input
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
            {verify.isPending ? 'Checking…' : 'Log in'}
          </button>
          <button type="button" className="secondary" onClick={() => setSentTo(undefined)}>
            Use another e-mail address
          </button>
          <ErrorNotice error={verify.error} title="Could not log in" />
        </form>
      )}
    </main>
  );
}
