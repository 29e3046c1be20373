/**
 * "Contains this text, ignoring case" for every search over stored text (editors' pickers, post
 * and media searches, form lists). Spelled per engine in runtime/store; re-exported here where
 * its callers have always found it.
 */
export { containsText } from '../store/portable-sql.ts';
