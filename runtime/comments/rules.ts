/**
 * Permission rule of the comments list: anyone may read approved comments. Other statuses and
 * `context=edit` would need moderation rights; no comment is stored, so none is asked for yet.
 */
export const COMMENT_RULES: Record<string, () => Promise<void>> = {
  read_comments: async () => {},
};
