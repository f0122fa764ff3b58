/**
 * Test helper: a tiny EVM assembler (mnemonics and PUSH immediates, labels resolved to
 * PUSH2 offsets) to write dispatchers in the shapes compilers emit without a compiler.
 */
const OPCODES: Record<string, number> = {
  STOP: 0x00,
  ADD: 0x01,
  MOD: 0x06,
  LT: 0x10,
  GT: 0x11,
  EQ: 0x14,
  ISZERO: 0x15,
  AND: 0x16,
  XOR: 0x18,
  SHR: 0x1c,
  CALLVALUE: 0x34,
  CALLDATALOAD: 0x35,
  CALLDATASIZE: 0x36,
  POP: 0x50,
  MLOAD: 0x51,
  MSTORE: 0x52,
  SLOAD: 0x54,
  JUMP: 0x56,
  JUMPI: 0x57,
  JUMPDEST: 0x5b,
  PUSH0: 0x5f,
  DUP1: 0x80,
  DUP2: 0x81,
  SWAP1: 0x90,
  RETURN: 0xf3,
  REVERT: 0xfd,
};

/** Items: a mnemonic, `PUSHn:hex`, `@label` (PUSH2 of the label) or `label:` (a JUMPDEST). */
export function assemble(items: readonly string[]): `0x${string}` {
  const labels = new Map<string, number>();
  const layout = (): string[] => {
    const out: string[] = [];
    let offset = 0;
    for (const item of items) {
      if (item.endsWith(':')) {
        labels.set(item.slice(0, -1), offset);
        out.push('5b');
        offset += 1;
      } else if (item.startsWith('@')) {
        const target = labels.get(item.slice(1)) ?? 0;
        out.push(`61${target.toString(16).padStart(4, '0')}`);
        offset += 3;
      } else if (item.startsWith('PUSH')) {
        const [op, data = ''] = item.split(':');
        const n = Number(op?.slice(4));
        if (data.length !== n * 2) throw new Error(`bad immediate in ${item}`);
        out.push((0x5f + n).toString(16) + data);
        offset += 1 + n;
      } else {
        const code = OPCODES[item];
        if (code === undefined) throw new Error(`unknown opcode ${item}`);
        out.push(code.toString(16).padStart(2, '0'));
        offset += 1;
      }
    }
    return out;
  };
  layout(); // first pass finds the labels
  return `0x${layout().join('')}`;
}

/**
 * A contract dispatching like Vyper (0.3, linear dispatch): the selector is compared
 * with XOR and the mismatch jumps on (`PUSH4 sel DUP2 XOR PUSH2 next JUMPI`), where
 * solc uses EQ and jumps to the match. Each function returns its index.
 */
export function vyperStyleDispatcher(selectors: readonly string[]): `0x${string}` {
  const items: string[] = ['PUSH1:04', 'CALLDATASIZE', 'LT', 'ISZERO', '@dispatch', 'JUMPI', 'fallback:', 'PUSH1:00', 'DUP1', 'REVERT'];
  items.push('dispatch:', 'PUSH1:00', 'CALLDATALOAD', 'PUSH1:e0', 'SHR');
  selectors.forEach((selector, i) => {
    items.push(`PUSH4:${selector.replace(/^0x/, '')}`, 'DUP2', 'XOR', `@next${i}`, 'JUMPI');
    items.push(`PUSH2:${(i + 1).toString(16).padStart(4, '0')}`, 'PUSH1:00', 'MSTORE', 'PUSH1:20', 'PUSH1:00', 'RETURN');
    items.push(`next${i}:`);
  });
  items.push('@fallback', 'JUMP');
  return assemble(items);
}
