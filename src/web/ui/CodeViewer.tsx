/**
 * Read-only Solidity with line numbers that can be linked (#L12), file tabs for a
 * multi-file source, and the lines of findings (or similarity matches) marked. Tokens come
 * from Prism (src/scan-view/code-lines.ts) and render as elements, not HTML strings.
 */
import { useEffect, useMemo, useRef } from 'react';
import { highlightLines } from '../../scan-view/code-lines.ts';

export interface LineMark {
  /** Words for the mark (a finding's title), read on hover and by screen readers. */
  readonly label: string;
  readonly tone: string;
}

export function CodeViewer({
  path,
  source,
  marks,
  focusLine,
  idPrefix = 'L',
}: {
  path: string;
  source: string;
  marks: ReadonlyMap<number, readonly LineMark[]>;
  focusLine?: number | undefined;
  idPrefix?: string;
}) {
  const lines = useMemo(() => highlightLines(source), [source]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusLine === undefined) return;
    box.current?.querySelector(`[data-line="${focusLine}"]`)?.scrollIntoView({ block: 'center' });
  }, [focusLine, path]);
  return (
    <div className="code-viewer" ref={box} tabIndex={0} role="region" aria-label={`Source of ${path}`}>
      <table className="code-table">
        <tbody>
          {lines.map((tokens, index) => {
            const n = index + 1;
            const lineMarks = marks.get(n);
            const tone = lineMarks?.[0]?.tone;
            return (
              <tr
                key={n}
                id={`${idPrefix}${n}`}
                data-line={n}
                className={`${lineMarks ? `marked marked-${tone ?? 'info'}` : ''}${focusLine === n ? ' focused' : ''}`}
                title={lineMarks?.map((m) => m.label).join('\n')}
              >
                <td className="line-no">
                  <a href={`#${idPrefix}${n}`} aria-label={`Line ${n}`}>
                    {n}
                  </a>
                </td>
                <td className="line-code">
                  <code>
                    {tokens.length === 0
                      ? ' '
                      : tokens.map((token, i) =>
                          token.types.length === 0 ? (
                            <span key={i}>{token.text}</span>
                          ) : (
                            <span key={i} className={`token ${token.types.join(' ')}`}>
                              {token.text}
                            </span>
                          ),
                        )}
                  </code>
                  {lineMarks ? <span className="visually-hidden"> (marked: {lineMarks.map((m) => m.label).join('; ')})</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
