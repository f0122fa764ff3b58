/** Reads a `type_name` node into a {@link TypeInfo}. */
import type { TypeInfo } from './program.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import { child, textOf } from './syntax-helpers.ts';

export function typeInfoOf(node: SyntaxNode | undefined, source: string): TypeInfo {
  if (!node) return { text: '', isArray: false };
  const text = textOf(node, source).replace(/\s+/g, ' ');
  const key = child(node, 'key_type');
  const value = child(node, 'value_type');
  if (key && value) {
    return { text, isArray: false, mapping: { key: textOf(key, source).trim(), value: typeInfoOf(value, source) } };
  }
  return { text, isArray: /\]\s*$/.test(text) };
}

export function isAddressType(type: TypeInfo): boolean {
  return /^address( payable)?$/.test(type.text);
}

export function isUintType(type: TypeInfo): boolean {
  return /^u?int\d*$/.test(type.text);
}

export function isBoolType(type: TypeInfo): boolean {
  return type.text === 'bool';
}

/** Value types are the ones `immutable` accepts: elementary types, contracts, enums. */
export function isValueType(type: TypeInfo, structNames: ReadonlySet<string>): boolean {
  if (type.mapping || type.isArray) return false;
  if (/^(string|bytes)( (memory|storage|calldata))?$/.test(type.text)) return false;
  const last = type.text.split('.').pop() ?? '';
  return !structNames.has(last);
}

/** A per-address ledger or flag: `mapping(address => X)`. */
export function addressMappingValue(type: TypeInfo): TypeInfo | undefined {
  return type.mapping && /^address( payable)?$/.test(type.mapping.key) ? type.mapping.value : undefined;
}
