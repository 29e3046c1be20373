import { describe, expect, it } from 'vitest';
import { postClassList, sanitizeHtmlClass } from '../../runtime/content/class-list.ts';

describe('class_list (get_post_class)', () => {
  it('gives a post its id, type, status, format, hentry and term classes in WordPress 6.8 order', () => {
    expect(postClassList({ id: 1004, type: 'post', status: 'publish', format: '', hasPassword: false, passwordRequired: false, hasThumbnail: false, categories: [{ id: 3, slug: 'technology' }, { id: 4, slug: 'travel' }], tags: [{ id: 9, slug: 'rock' }] }))
      .toEqual(['post-1004', 'post', 'type-post', 'status-publish', 'format-standard', 'hentry', 'category-technology', 'category-travel', 'tag-rock']);
  });

  it('gives a page no format and no terms, and marks thumbnails and passwords', () => {
    expect(postClassList({ id: 2, type: 'page', status: 'publish', hasPassword: false, passwordRequired: false, hasThumbnail: true }))
      .toEqual(['post-2', 'page', 'type-page', 'status-publish', 'has-post-thumbnail', 'hentry']);
    expect(postClassList({ id: 5, type: 'post', status: 'publish', format: 'aside', hasPassword: true, passwordRequired: true, hasThumbnail: true }))
      .toEqual(['post-5', 'post', 'type-post', 'status-publish', 'format-aside', 'post-password-required', 'hentry', 'post_format-post-format-aside']);
    expect(postClassList({ id: 5, type: 'post', status: 'publish', hasPassword: true, passwordRequired: false, hasThumbnail: false })).toContain('post-password-protected');
  });

  it('uses the term id when the slug is not a usable class', () => {
    expect(sanitizeHtmlClass('%d0%bf%d1%80')).toBe('');
    expect(postClassList({ id: 1, type: 'post', status: 'draft', hasPassword: false, passwordRequired: false, hasThumbnail: false, categories: [{ id: 7, slug: '%d0%bf%d1%80' }], tags: [{ id: 8, slug: '2024' }] }).slice(-2))
      .toEqual(['category-7', 'tag-8']);
    expect(postClassList({ id: 3, type: 'attachment', status: 'inherit', hasPassword: false, passwordRequired: false, hasThumbnail: true }))
      .toEqual(['post-3', 'attachment', 'type-attachment', 'status-inherit', 'hentry']);
  });
});
