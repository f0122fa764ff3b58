import { useState, type FormEvent } from 'react';
import { ATTACHMENT_LIMITS, OFFERS, type OfferId } from '../../../shared/services.ts';
import type { ServiceRequestInput } from '../../../shared/services.ts';
import { useSendRequest } from '../../api/services.ts';
import { Card } from '../../ui/Card.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';

const MIB = 1024 * 1024;

/** Reads the chosen files as base64, refusing what the server would refuse, with the reason. */
async function readAttachments(files: readonly File[]): Promise<ServiceRequestInput['attachments']> {
  if (files.length > ATTACHMENT_LIMITS.files) throw new Error(`Attach at most ${ATTACHMENT_LIMITS.files} files`);
  let total = 0;
  const out = [];
  for (const file of files) {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(ATTACHMENT_LIMITS.extensions as readonly string[]).includes(extension))
      throw new Error(`${file.name}: only ${ATTACHMENT_LIMITS.extensions.join(', ')} files can be attached`);
    if (file.size > ATTACHMENT_LIMITS.bytesPerFile)
      throw new Error(`${file.name} is larger than ${ATTACHMENT_LIMITS.bytesPerFile / MIB} MiB`);
    total += file.size;
    if (total > ATTACHMENT_LIMITS.bytesTotal)
      throw new Error(`The files are larger than ${ATTACHMENT_LIMITS.bytesTotal / MIB} MiB together`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    out.push({ name: file.name, contentBase64: btoa(binary) });
  }
  return out;
}

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);

export function RequestForm({ defaultEmail, initialOffer }: { defaultEmail: string; initialOffer: OfferId }) {
  const send = useSendRequest();
  const [offer, setOffer] = useState<OfferId>(initialOffer);
  const [email, setEmail] = useState(defaultEmail);
  const [project, setProject] = useState('');
  const [networks, setNetworks] = useState('');
  const [addresses, setAddresses] = useState('');
  const [repository, setRepository] = useState('');
  const [budget, setBudget] = useState('');
  const [deadline, setDeadline] = useState('');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const [sent, setSent] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    setSent(undefined);
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setProblem('Enter a valid e-mail address');
    if (!project.trim()) return setProblem('Name the project');
    if (budget.trim() && !/^\d+(\.\d{1,2})?$/.test(budget.trim())) return setProblem('The budget is a number of US dollars, e.g. 5000');
    let attachments;
    try {
      attachments = await readAttachments(files);
    } catch (error) {
      return setProblem((error as Error).message);
    }
    send.mutate(
      {
        offer,
        email: email.trim(),
        project: project.trim(),
        networks: lines(networks),
        addresses: lines(addresses),
        ...(repository.trim() ? { repository: repository.trim() } : {}),
        ...(budget.trim() ? { budgetUsd: Number(budget) } : {}),
        ...(deadline ? { deadline } : {}),
        ...(message.trim() ? { message: message.trim() } : {}),
        ...(attachments && attachments.length > 0 ? { attachments } : {}),
      },
      {
        onSuccess: (answer) => {
          setSent(`${answer.message}. Reference ${answer.request.id}.`);
          setProject('');
          setMessage('');
          setFiles([]);
        },
      },
    );
  };

  return (
    <Card title="Request a service">
      <form onSubmit={submit} noValidate className="request-form">
        <div className="field">
          <label htmlFor="offer">Service</label>
          <select id="offer" value={offer} onChange={(e) => setOffer(e.target.value as OfferId)}>
            {OFFERS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-grid">
          <Field label="Contact e-mail" type="email" value={email} maxLength={254} required onChange={(e) => setEmail(e.target.value)} />
          <Field label="Project" value={project} maxLength={200} required onChange={(e) => setProject(e.target.value)} />
          <Field
            label="Networks"
            value={networks}
            placeholder="BSC, ETH"
            onChange={(e) => setNetworks(e.target.value)}
            hint="Comma-separated"
          />
          <Field
            label="Repository"
            type="url"
            value={repository}
            placeholder="https://github.com/…"
            maxLength={500}
            onChange={(e) => setRepository(e.target.value)}
          />
          <Field label="Budget (USD)" inputMode="decimal" value={budget} onChange={(e) => setBudget(e.target.value)} />
          <Field label="Deadline" type="date" value={deadline} onChange={(e) => setDeadline(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="addresses">Contract addresses</label>
          <textarea id="addresses" rows={2} value={addresses} onChange={(e) => setAddresses(e.target.value)} placeholder="One per line" />
        </div>
        <div className="field">
          <label htmlFor="message">What do you need?</label>
          <textarea id="message" rows={4} maxLength={10_000} value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="attachments">Attachments</label>
          <input
            id="attachments"
            type="file"
            multiple
            accept={ATTACHMENT_LIMITS.extensions.map((e) => `.${e}`).join(',')}
            onChange={(e) => setFiles([...(e.target.files ?? [])])}
          />
          <p className="hint">
            Up to {ATTACHMENT_LIMITS.files} files, {ATTACHMENT_LIMITS.bytesPerFile / MIB} MiB each and {ATTACHMENT_LIMITS.bytesTotal / MIB}{' '}
            MiB together: {ATTACHMENT_LIMITS.extensions.join(', ')}.
          </p>
        </div>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <ErrorAlert error={send.error} />
        {sent ? <Alert tone="success">{sent}</Alert> : null}
        <Button type="submit" busy={send.isPending}>
          Send request
        </Button>
      </form>
    </Card>
  );
}
