import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/resources.ts';
import { useAdoptSession } from '../../api/hooks.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/Alert.tsx';
import { safeNext } from '../../app/guards.tsx';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const adopt = useAdoptSession();
  const logIn = useMutation({
    mutationFn: api.logIn,
    onSuccess: (info) => {
      adopt(info);
      void navigate(safeNext(params.get('next')), { replace: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    logIn.mutate({ email, password });
  };
  return (
    <AuthCard
      title="Log in"
      lead="Scan contracts, create API keys and see your usage."
      footer={
        <>
          <p>
            New here? <Link to="/signup">Create an account</Link>
          </p>
          <p>
            <Link to={`/reset-password${email ? `?email=${encodeURIComponent(email)}` : ''}`}>Forgot your password?</Link>
          </p>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <ErrorAlert error={logIn.error} />
        <Field label="E-mail" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" busy={logIn.isPending}>
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}
