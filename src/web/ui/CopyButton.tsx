import { useState } from 'react';
import { Button } from './Button.tsx';

/** Copies a value; says so in words, for people who cannot see the change. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
    window.setTimeout(() => setState('idle'), 2500);
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : label}
      </Button>
      <span className="visually-hidden" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Could not copy: select the text and copy it' : ''}
      </span>
    </>
  );
}
