/** Finds checked-arithmetic libraries (SafeMath and copies) used by input contracts. */
import type { ContractModel, FunctionModel, Program } from './program.ts';
import { callArguments, child, contains, operatorOf } from './syntax-helpers.ts';

export interface SafeMathUse {
  readonly library: ContractModel;
  /** The input contract that uses it. */
  readonly at: ContractModel;
}

export function usedSafeMathLibraries(program: Program): SafeMathUse[] {
  const out: SafeMathUse[] = [];
  const checked = new Map<ContractModel, boolean>();
  const isChecked = (lib: ContractModel): boolean => {
    let r = checked.get(lib);
    if (r === undefined) {
      r = lib.kind === 'library' && lib.functions.some(checksArithmetic);
      checked.set(lib, r);
    }
    return r;
  };
  for (const c of program.contracts) {
    if (c.unit.external || c.kind === 'interface') continue;
    const names = new Set(c.usingFor.map((u) => u.library.split('.').pop()!));
    for (const lib of program.contracts) if (lib.kind === 'library' && lib.unit === c.unit && c.unit.source.includes(`${lib.name}.`)) names.add(lib.name);
    for (const name of names) {
      const lib = program.byName.get(name)?.find((x) => x.kind === 'library');
      if (lib && isChecked(lib)) {
        out.push({ library: lib, at: c });
        break;
      }
    }
  }
  return out;
}

/** `c = a + b; require(c >= a)`, `if (c < a) return (false, 0)`, `require(b <= a)` before `a - b`. */
function checksArithmetic(fn: FunctionModel): boolean {
  if (!fn.body || fn.params.length < 2) return false;
  const arithmetic = contains(fn.body, (n) => n.type === 'binary_expression' && ['+', '-', '*'].includes(operatorOf(n)));
  if (!arithmetic) return false;
  return contains(fn.body, (n) => {
    if (n.type === 'call_expression') {
      const f = child(n, 'function')?.text;
      return (f === 'require' || f === 'assert') && callArguments(n).length > 0;
    }
    if (n.type === 'if_statement' || n.type === 'revert_statement') return true;
    return false;
  });
}
