import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../api/resources.ts';
import { useLogOut, useSession } from '../../api/hooks.ts';
import { Page } from '../../ui/Page.tsx';
import { Card } from '../../ui/Card.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';
import { Time } from '../../ui/Time.tsx';

function ChangePassword() {
  const [currentPassword, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const change = useMutation({
    mutationFn: api.changePassword,
    onSuccess: () => {
      setCurrent('');
      setPassword('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ currentPassword, password });
  };
  return (
    <Card title="Change password">
      <form onSubmit={submit} noValidate>
        {change.isSuccess ? <Alert tone="success">{change.data.message}</Alert> : null}
        <ErrorAlert error={change.error} />
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint="At least 10 characters"
        />
        <Button type="submit" busy={change.isPending}>
          Change password
        </Button>
      </form>
    </Card>
  );
}

export function AccountPage() {
  const session = useSession();
  const navigate = useNavigate();
  const logOutEverywhere = useLogOut(true);
  const account = session.data?.account;
  if (!account) return null;
  return (
    <Page title="Account" lead="Your sign-in details and sessions.">
      <Card title="Profile">
        <dl className="facts">
          <div>
            <dt>E-mail</dt>
            <dd className="break">{account.email}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{account.role === 'admin' ? 'admin (can create admin keys)' : 'user'}</dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd>
              <Time iso={account.createdAt} />
            </dd>
          </div>
        </dl>
      </Card>
      <ChangePassword />
      <Card title="Sessions">
        <p>Log out on every device and browser where this account is signed in, including this one. Your API keys keep working.</p>
        <ErrorAlert error={logOutEverywhere.error} />
        <Button
          variant="danger"
          busy={logOutEverywhere.isPending}
          onClick={() => logOutEverywhere.mutate(undefined, { onSuccess: () => void navigate('/login') })}
        >
          Log out everywhere
        </Button>
      </Card>
    </Page>
  );
}
