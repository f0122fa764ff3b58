/**
 * Whether a text declares a Solidity contract, interface or library: the test that tells
 * a `.sol` file of Solidity from one that only bears the name (a README renamed, a
 * JavaScript file, a binary). Comments and string literals are skipped first, so a
 * comment saying "contract Foo" does not count. Cheap enough to run on an upload before
 * any scan starts; the analysis itself stays the judge of everything else.
 */

/** The text with comments and string literals blanked (line breaks kept). */
export function withoutCommentsAndStrings(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += ' ';
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

const UNIT = /(?:^|[;{}\s])(?:abstract\s+)?(?:contract|interface|library)\s+[A-Za-z_$][\w$]*\s*(?:is\b|\{)/;

export function declaresSolidityUnit(text: string): boolean {
  // A NUL byte never appears in Solidity source: a binary renamed to .sol.
  if (text.includes('\u0000')) return false;
  return UNIT.test(withoutCommentsAndStrings(text));
}
