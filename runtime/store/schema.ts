/**
 * The database schema as Kysely types. The tables follow WordPress's model where that helps
 * compatibility (content items of several types, meta, terms, options, users, application
 * passwords) and add what specpress needs (sessions, behaviour records, inbox, cache).
 * Dates are stored as WordPress stores them: 'YYYY-MM-DD HH:MM:SS' text, local and GMT.
 */
import type { Generated } from 'kysely';

export interface PostsTable {
  id: Generated<number>;
  author: number;
  /** post, page, attachment, revision. */
  type: string;
  status: string;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  password: string;
  parent: number;
  menu_order: number;
  comment_status: string;
  ping_status: string;
  /** Post format (standard, aside, ...); WordPress keeps it as a taxonomy, we keep a column. */
  format: string;
  /** Theme template file; WordPress keeps it in meta `_wp_page_template`. */
  template: string;
  mime_type: string;
  guid: string;
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  comment_count: number;
}

export interface PostMetaTable {
  id: Generated<number>;
  post_id: number;
  meta_key: string;
  /** JSON text. */
  meta_value: string;
}

export interface TermsTable {
  id: Generated<number>;
  /** category or post_tag. */
  taxonomy: string;
  name: string;
  slug: string;
  description: string;
  parent: number;
  count: number;
}

export interface TermRelationshipsTable {
  post_id: number;
  term_id: number;
}

/** One row per table processes cache in memory; the database bumps it on every write (runtime/cache/). */
export interface CacheVersionsTable {
  name: string;
  version: number;
}

export interface OptionsTable {
  name: string;
  /** JSON text. */
  value: string;
}

export interface UsersTable {
  id: Generated<number>;
  login: string;
  email: string;
  password_hash: string;
  display_name: string;
  nicename: string;
  url: string;
  description: string;
  /** JSON array of role names. */
  roles: string;
  registered: string;
}

export interface UserMetaTable {
  id: Generated<number>;
  user_id: number;
  meta_key: string;
  meta_value: string;
}

export interface ApplicationPasswordsTable {
  uuid: string;
  user_id: number;
  name: string;
  app_id: string;
  password_hash: string;
  created: string;
  last_used: string | null;
  last_ip: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked database does not leak live sessions. */
  token_hash: string;
  user_id: number;
  created: string;
  expires: string;
}

/** Records of declarative `collection`, `action` and `option` behaviours. */
export interface RecordsTable {
  id: Generated<number>;
  collection: string;
  /** Record key within the collection (user-scoped collections prefix the user id). */
  key: string;
  /** JSON text. */
  data: string;
  created: string;
  modified: string;
}

/** Inbound webhooks and events stored once by the `inbox` behaviour. */
export interface InboxTable {
  id: Generated<number>;
  channel: string;
  dedupe_key: string;
  received: string;
  headers: string;
  body: string;
}

/** Expiring cache entries (oEmbed proxy responses, ...). */
export interface CacheTable {
  key: string;
  value: string;
  expires: number;
}

/** Counters of rate limits shared by every process (runtime/store/rate-counters.ts). */
export interface RateCountersTable {
  key: string;
  hits: number;
  blocked_until: number;
  expires: number;
}

/** The highest `slug-N` handed out per scope and base slug (runtime/content/slugs.ts). */
export interface SlugCountersTable {
  scope: string;
  base: string;
  highest: number;
  /** 1 when every `base-N` from 2 to `highest` is held in the scope (migration 150). */
  dense: Generated<number>;
}

/** Submissions of the form suite (forms are `posts` rows of type `formsuite_form`). */
export interface FormEntriesTable {
  id: Generated<number>;
  form_id: number;
  user_id: number;
  /** unread, read or trash. */
  status: string;
  type: string;
  /** JSON object of submitted field values. */
  data: string;
  created_at: string;
  updated_at: string;
}

export interface FormEntryLogsTable {
  id: Generated<number>;
  entry_id: number;
  message: string;
  created_at: string;
}

export interface Database {
  posts: PostsTable;
  postmeta: PostMetaTable;
  terms: TermsTable;
  term_relationships: TermRelationshipsTable;
  options: OptionsTable;
  cache_versions: CacheVersionsTable;
  users: UsersTable;
  usermeta: UserMetaTable;
  application_passwords: ApplicationPasswordsTable;
  sessions: SessionsTable;
  records: RecordsTable;
  inbox: InboxTable;
  cache: CacheTable;
  rate_counters: RateCountersTable;
  slug_counters: SlugCountersTable;
  form_entries: FormEntriesTable;
  form_entry_logs: FormEntryLogsTable;
}
