import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/resources.ts';
import { useAdoptSession } from '../../api/hooks.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';

const RESEND_COOLDOWN_S = 60;

/** Seconds left before another code may be asked for (the server enforces the same). */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(RESEND_COOLDOWN_S);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

export function VerifyPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [left, restart] = useCountdown();
  const navigate = useNavigate();
  const adopt = useAdoptSession();
  const verify = useMutation({
    mutationFn: api.verify,
    onSuccess: (info) => {
      adopt(info);
      void navigate('/', { replace: true });
    },
  });
  const resend = useMutation({
    mutationFn: api.resendSignupCode,
    onSuccess: () => restart(RESEND_COOLDOWN_S),
    onError: (error) => {
      const retry = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retry) restart(retry);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate({ email, code });
  };
  return (
    <AuthCard
      title="Check your e-mail"
      lead={
        params.get('email') ? (
          <>
            We sent a 6-digit code to <strong className="break">{params.get('email')}</strong>. It works for 10 minutes.
          </>
        ) : (
          'Enter the address you signed up with and the 6-digit code we sent to it.'
        )
      }
      footer={
        <p>
          Wrong address? <Link to="/signup">Sign up again</Link>
        </p>
      }
    >
      <form onSubmit={submit} noValidate>
        <ErrorAlert error={verify.error} />
        {resend.isSuccess && left > 0 ? <Alert tone="success">{resend.data.message}</Alert> : null}
        <ErrorAlert error={resend.error} />
        {params.get('email') ? null : (
          <Field label="E-mail" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        )}
        <Field
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={7}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint="6 digits, from the e-mail's subject or text"
        />
        <div className="row">
          <Button type="submit" busy={verify.isPending}>
            Verify and continue
          </Button>
          <Button
            variant="secondary"
            disabled={left > 0 || email.trim() === ''}
            busy={resend.isPending}
            onClick={() => resend.mutate(email)}
          >
            {left > 0 ? `Send a new code in ${left} s` : 'Send a new code'}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
