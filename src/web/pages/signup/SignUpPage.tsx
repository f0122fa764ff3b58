import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/resources.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';

const MIN_LENGTH = 10;

export function SignUpPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const navigate = useNavigate();
  const signUp = useMutation({
    mutationFn: api.signUp,
    onSuccess: () => void navigate(`/verify?email=${encodeURIComponent(email.trim())}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Said at once on the page; the server checks the same rule. An earlier attempt's
    // error goes, so the page never shows an answer about other input.
    if ([...password].length < MIN_LENGTH) {
      signUp.reset();
      return setTooShort(true);
    }
    setTooShort(false);
    signUp.mutate({ email, password });
  };
  return (
    <AuthCard
      title="Create your account"
      lead="We e-mail you a 6-digit code to confirm the address. Then you can create API keys."
      footer={
        <p>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      }
    >
      <form onSubmit={submit} noValidate>
        {tooShort ? <Alert tone="error">Use a password of at least {MIN_LENGTH} characters</Alert> : null}
        <ErrorAlert error={signUp.error} />
        <Field label="E-mail" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={`At least ${MIN_LENGTH} characters. A few unrelated words make a strong one.`}
        />
        <Button type="submit" busy={signUp.isPending}>
          Sign up
        </Button>
      </form>
    </AuthCard>
  );
}
