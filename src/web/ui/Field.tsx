import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled input with an optional hint; the hint is tied to the input for screen readers. */
export function Field({ label, hint, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} {...(hint ? { 'aria-describedby': hintId } : {})} />
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
