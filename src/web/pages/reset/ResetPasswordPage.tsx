import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/resources.ts';
import { useAdoptSession } from '../../api/hooks.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';

/** Two steps on one page: ask for a code, then enter it with the new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const navigate = useNavigate();
  const adopt = useAdoptSession();
  const request = useMutation({ mutationFn: api.requestPasswordReset });
  const reset = useMutation({
    mutationFn: api.resetPassword,
    onSuccess: (info) => {
      adopt(info);
      void navigate('/', { replace: true });
    },
  });
  const sent = request.isSuccess;

  const ask = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email);
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate({ email, code, password });
  };
  return (
    <AuthCard
      title="Reset your password"
      lead={
        sent
          ? 'Enter the code from the e-mail and choose a new password. Every other device will be logged out.'
          : 'We e-mail you a code to set a new password.'
      }
      footer={
        <p>
          Remembered it? <Link to="/login">Log in</Link>
        </p>
      }
    >
      {sent ? (
        <form onSubmit={confirm} noValidate>
          <Alert tone="info">{request.data.message}</Alert>
          <ErrorAlert error={reset.error} />
          <Field
            label="Reset code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint="At least 10 characters"
          />
          <div className="row">
            <Button type="submit" busy={reset.isPending}>
              Set password and log in
            </Button>
            <Button variant="secondary" onClick={() => request.reset()}>
              Use another address
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={ask} noValidate>
          <ErrorAlert error={request.error} />
          <Field label="E-mail" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" busy={request.isPending}>
            Send a reset code
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
