import { describe, expect, it } from 'vitest';
import { INDEXED_PAGE_PATHS, isNoindexArea, SERVER_RENDERED_PAGE_PATHS } from './site';

describe('site', () => {
  it('When a path lies in the signed-in area or the back office, then it is a noindex area; neighbours are not', () => {
    for (const path of ['/advertisements', '/advertisements/view', '/admin', '/admin/users']) {
      expect(isNoindexArea(path), path).toBe(true);
    }
    for (const path of ['/', '/administration', '/advertisementsx', '/faq'])
      expect(isNoindexArea(path), path).toBe(false);
  });

  it('When a page is indexed, then it is not in a noindex area, and every server-rendered page but /404 is indexed', () => {
    for (const path of INDEXED_PAGE_PATHS) expect(isNoindexArea(path), path).toBe(false);
    const indexed: readonly string[] = INDEXED_PAGE_PATHS;
    expect(SERVER_RENDERED_PAGE_PATHS.filter((path) => !indexed.includes(path))).toEqual(['/404']);
  });
});
