import { describe, expect, it } from 'vitest';
import { chunkCycles } from './chunkCycles';

const chunk = (fileName: string, imports: string[]) => ({ type: 'chunk' as const, fileName, imports });

describe('chunkCycles', () => {
  it('When chunks only share imports downwards, then it finds no cycle', () => {
    const chunks = [
      chunk('entry.js', ['react.js', 'core.js']),
      chunk('page.js', ['react.js', 'vendor-a.js', 'vendor-base.js']),
      chunk('vendor-a.js', ['vendor-base.js', 'react.js']),
      chunk('vendor-base.js', ['react.js']),
      chunk('react.js', []),
      chunk('core.js', []),
    ];
    expect(chunkCycles(chunks)).toEqual([]);
  });

  it('When two vendor chunks import each other, then it names both, however the page reaches them', () => {
    const chunks = [
      chunk('page.js', ['vendor-a.js']),
      chunk('vendor-a.js', ['vendor-b.js', 'runtime.js']),
      chunk('vendor-b.js', ['vendor-a.js']),
      chunk('runtime.js', []),
    ];
    expect(chunkCycles(chunks)).toEqual([['vendor-a.js', 'vendor-b.js', 'vendor-a.js']]);
    expect(chunkCycles([...chunks].reverse())).toEqual([['vendor-b.js', 'vendor-a.js', 'vendor-b.js']]);
  });

  it('When a longer ring closes over three chunks, then it is reported once', () => {
    const chunks = [chunk('a.js', ['b.js']), chunk('b.js', ['c.js']), chunk('c.js', ['a.js'])];
    expect(chunkCycles(chunks)).toEqual([['a.js', 'b.js', 'c.js', 'a.js']]);
  });
});
