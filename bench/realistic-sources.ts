/**
 * Realistic large sources for the isolation bench: what a caller of the legacy source
 * operation really sends, beside the bench's synthetic repetition of fixtures.
 *
 * - `manyContractsSource`: real contracts from `../shared/eval-dev` concatenated into one
 *   file of about `size` characters. Only files one compiler accepts (solc 0.4.26, the
 *   era of most of the set) and that import nothing are taken; each file's own contract,
 *   interface and library names get a per-file suffix wherever they occur in it, so the
 *   whole compiles as one unit and solc really works through it.
 * - `inheritanceChain`: `contracts` contracts each inheriting the previous one (issue 30's
 *   finding 2: ~1,500 of them, 38 KiB, keep solc busy for seconds).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/** Where the labelled set lives beside the checkout (`--eval-dev DIR` elsewhere). */
export function defaultEvalDevDir(root: string): string {
  return join(root, '..', 'shared', 'eval-dev');
}

const KEYWORDS = new Set(['function', 'is', 'contract', 'interface', 'library', 'returns', 'public', 'external']);

function solFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.sol')) out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

function acceptsCompiler(text: string, version: string): boolean {
  const pragmas = [...text.matchAll(/pragma\s+solidity\s+([^;]+);/g)].map((m) => m[1]!.trim());
  return (
    pragmas.length > 0 &&
    pragmas.every((p) => {
      try {
        return semver.satisfies(version, p.replace(/([<>=^~]+)\s+/g, '$1'), { loose: true });
      } catch {
        return false;
      }
    })
  );
}

/** The first release of the line after `version`'s (0.4.26 → 0.5.0). */
function nextLine(version: string): string {
  return `${semver.major(version)}.${semver.minor(version) + 1}.0`;
}

/**
 * Real contracts concatenated to about `size` characters; throws when the set is missing.
 * `start` begins at another file of the set (wrapping round), so parallel scans send
 * different sources, as different callers would (identical ones would share one compile).
 */
export function manyContractsSource(
  evalDevDir: string,
  size: number,
  options: { readonly compiler?: string; readonly start?: number } = {},
): { source: string; files: number; contracts: number } {
  const compiler = options.compiler ?? '0.4.26';
  const usable = solFiles(evalDevDir).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    // Files written for the compiler's own line: a wide pragma (`>=0.4.22 <0.6.0`) often hides newer syntax.
    if (/^\s*(import\b|pragma\s+experimental)/m.test(text) || !acceptsCompiler(text, compiler) || acceptsCompiler(text, nextLine(compiler)))
      return [];
    return [text];
  });
  if (usable.length === 0) throw new Error(`no usable .sol files under ${evalDevDir}`);
  let body = '';
  let files = 0;
  for (let i = options.start ?? 0; body.length < size && files < usable.length; i++, files++) {
    const text = usable[i % usable.length]!;
    // Declarations in the code, not in comments ("this contract function…").
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
    const names = new Set(
      [...code.matchAll(/^\s*(?:contract|interface|library)\s+([A-Za-z_]\w*)/gm)].map((m) => m[1]!).filter((n) => !KEYWORDS.has(n)),
    );
    // One file now: a pragma (`experimental "v0.5.0"`) would apply to every contract.
    let renamed = text.replace(/^\s*pragma\s[^;]*;/gm, '');
    for (const name of names) renamed = renamed.replace(new RegExp(`\\b${name}\\b`, 'g'), `${name}_${files}`);
    body += `${renamed}\n`;
  }
  const source = `pragma solidity ^${compiler};\n${body}`;
  return { source, files, contracts: (source.match(/\bcontract\s+\w+/g) ?? []).length };
}

/** `contracts` contracts in one inheritance chain (issue 30, finding 2). */
export function inheritanceChain(contracts: number): string {
  const lines = ['pragma solidity ^0.8.0;', 'contract C0 { uint256 x; function f() public virtual {} }'];
  for (let i = 1; i < contracts; i++) lines.push(`contract C${i} is C${i - 1} {}`);
  return `${lines.join('\n')}\n`;
}
