import { CopyButton } from './CopyButton.tsx';

/** An address shortened (0x1234…abcd), the whole of it on hover, with copy. */
export function shortAddress(value: string): string {
  return value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
}

export function Address({ value }: { value: string }) {
  return (
    <span className="address">
      <code title={value}>{shortAddress(value)}</code>
      <CopyButton value={value} label="Copy" />
    </span>
  );
}
