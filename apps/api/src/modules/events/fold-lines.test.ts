import { foldLines as libraryFoldLines } from 'ical-generator';
import { describe, expect, it } from 'vitest';
import { foldLines } from './fold-lines';

describe('foldLines', () => {
  const lines = [
    '',
    'SUMMARY:Coffee morning',
    `DESCRIPTION:${'A group that meets every week. '.repeat(12)}`,
    `DESCRIPTION:${'x'.repeat(74)}`,
    `DESCRIPTION:${'x'.repeat(62)}`,
    `DESCRIPTION:${'x'.repeat(63)}`,
    `LOCATION:${'Café Ŵales, Cymraeg: ŵ ŷ â. '.repeat(6)}`,
    `SUMMARY:${'Welcome 🙂 space ☕ '.repeat(8)}`,
    `SUMMARY:${'日本語のテキスト'.repeat(10)}`,
    `X-LONE:${'a\uDC00b'.repeat(30)}`,
  ];

  it.each(lines.map((line) => [line.slice(0, 30), line]))(
    'folds "%s…" exactly as ical-generator does',
    (_, line) => {
      expect(foldLines(line)).toBe(libraryFoldLines(line));
    },
  );

  it('folds a whole calendar text line by line, as the library does', () => {
    const text = lines.join('\r\n') + '\r\n';
    expect(foldLines(text)).toBe(libraryFoldLines(text));
  });
});
