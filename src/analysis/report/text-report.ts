/** A plain-text report for terminals and CI logs. */
import type { AnalysisResult } from '../analyze.ts';
import { SEVERITIES, type Finding } from '../findings.ts';
import { SMART_AUDIT_BOOLEAN_KEYS, SMART_AUDIT_RANGE_KEYS } from '../detectors/define-detector.ts';

export function toText(result: AnalysisResult, options: { title?: string } = {}): string {
  const out: string[] = [];
  const a = result.smartAudit;
  if (options.title) out.push(options.title, '');
  out.push(
    `${a.contracts} contract(s), ${a.interfaces} interface(s), ${a.libraries} librar${a.libraries === 1 ? 'y' : 'ies'}, ${a.lines} lines; compiler ${a.versions.join(', ') || 'not declared'}`,
  );
  const counts = SEVERITIES.map((s) => [s, result.findings.filter((f) => f.severity === s).length] as const).filter(([, n]) => n > 0);
  out.push(counts.length ? `findings: ${counts.map(([s, n]) => `${n} ${s}`).join(', ')}` : 'findings: none');
  out.push('', 'smart audit');
  for (const key of SMART_AUDIT_RANGE_KEYS) {
    const list = a[key];
    out.push(`  ${key.padEnd(24)} ${list.length === 0 ? '-' : list.map((r) => `${r.file}:${r.range[0]}-${r.range[1]}`).join(', ')}`);
  }
  out.push(`  ${'flags'.padEnd(24)} ${SMART_AUDIT_BOOLEAN_KEYS.filter((k) => a[k]).join(', ') || '-'}`);
  out.push(`  ${'nonImmutables'.padEnd(24)} ${a.nonImmutables.map((n) => n.name).join(', ') || '-'}`);
  out.push(`  ${'nonDescriptiveErrors'.padEnd(24)} ${a.nonDescriptiveErrorMessages.length}`);
  for (const o of result.ownership) {
    out.push(
      '',
      `ownership of ${o.contract}: owner variable ${o.ownerVariable ?? '-'}, renounce ${o.renounceFunction ?? '-'}, can be reclaimed: ${o.canReclaim ? `yes (${o.reclaimFunctions.join(', ')})` : 'no'}`,
    );
    if (o.privilegedFunctions.length) out.push(`  privileged: ${o.privilegedFunctions.map((p) => `${p.name} (${p.via})`).join(', ')}`);
  }
  for (const f of result.findings) out.push('', ...findingBlock(f));
  const problems = result.diagnostics;
  if (problems.length) {
    out.push('', 'diagnostics');
    for (const d of problems) out.push(`  [${d.kind}] ${d.file ? `${d.file}${d.line ? `:${d.line}` : ''}: ` : ''}${d.message}`);
  }
  return `${out.join('\n')}\n`;
}

function findingBlock(f: Finding): string[] {
  const where = `${f.file}:${f.ranges.map((r) => (r[0] === r[1] ? `${r[0]}` : `${r[0]}-${r[1]}`)).join(',')}`;
  const lines = [
    `[${f.severity.toUpperCase()}${f.checklist ? ` ${f.checklist}` : ''}] ${f.title} (${f.detector}, confidence ${f.confidence})`,
    `  ${where}`,
    `  ${f.description}`,
  ];
  for (const l of f.snippet.split('\n').slice(0, 4)) lines.push(`    | ${l}`);
  lines.push(`  fix: ${f.recommendation}`);
  return lines;
}
