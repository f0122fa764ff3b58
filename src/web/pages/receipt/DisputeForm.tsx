/**
 * "Dispute this result" on the evidence page (issue 33 item 4): a token team says what it
 * believes is wrong and how to reach it. Signed out works at a public scan; the scan and its
 * signed receipt stay as they are, and the operator answers through the contact given.
 */
import { useState, type FormEvent } from 'react';
import { DISPUTE_LIMITS } from '../../../shared/disputes.ts';
import { useFileDispute } from '../../api/disputes.ts';
import { Card } from '../../ui/Card.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';

export function DisputeForm({ scanId }: { scanId: string }) {
  const file = useFileDispute(scanId);
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    if (message.trim().length < DISPUTE_LIMITS.messageMin)
      return setProblem(`Say what you believe is wrong in at least ${DISPUTE_LIMITS.messageMin} characters`);
    if (contact.trim().length < DISPUTE_LIMITS.contactMin)
      return setProblem('Give a way to reach you: an e-mail address, a handle or a URL');
    file.mutate({ message: message.trim(), contact: contact.trim() });
  };
  if (file.isSuccess)
    return (
      <Card title="Dispute this result">
        <Alert tone="success">{file.data.message}</Alert>
        <p className="muted">This evidence stays as it was signed; a new scan of the token is compared with it.</p>
      </Card>
    );
  return (
    <Card title="Dispute this result">
      <p className="muted">
        On the token&apos;s team and sure a conclusion is wrong? Say which one and why. The operator reads it beside this evidence and
        answers you; the evidence itself is not changed.
      </p>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="dispute-message">What is wrong, and why</label>
          <textarea
            id="dispute-message"
            rows={4}
            maxLength={DISPUTE_LIMITS.messageMax}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        <Field
          label="How to reach you"
          hint="An e-mail address, a Telegram handle or a URL"
          maxLength={DISPUTE_LIMITS.contactMax}
          value={contact}
          onChange={(e) => setContact(e.target.value)}
        />
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <ErrorAlert error={file.error} />
        <Button type="submit" busy={file.isPending}>
          Send the dispute
        </Button>
      </form>
    </Card>
  );
}
