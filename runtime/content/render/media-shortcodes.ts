/**
 * WordPress 6.8's `[audio]` and `[video]` shortcodes (wp_audio_shortcode, wp_video_shortcode
 * with the default mediaelement library): a player with one <source> per given file (numbered
 * `?_=N` by instance), a link to the first file as fallback, and ids `audio-{post}-{N}`. Without
 * a file attribute they play the first audio/video attached to the post (looked up before
 * rendering, gallery-data.ts). Instances are counted per render, as WordPress counts per request.
 */
import { escAttr, escHtml, escUrl } from './escape-html.ts';
import type { ShortcodeAttrs, ShortcodeHandler } from './shortcodes.ts';

const AUDIO_TYPES: Record<string, string> = { mp3: 'audio/mpeg', ogg: 'audio/ogg', flac: 'audio/flac', m4a: 'audio/mpeg', wav: 'audio/wav' };
const VIDEO_TYPES: Record<string, string> = { mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', ogv: 'video/ogg', flv: 'video/x-flv' };
/** wp_get_mime_types' entries for these extensions (wp_check_filetype matches the whole list). */
const FILE_TYPES: Array<[RegExp, string]> = [
  [/\.(mp4|m4v)$/i, 'video/mp4'], [/\.(webm)$/i, 'video/webm'], [/\.(ogv)$/i, 'video/ogg'], [/\.(flv)$/i, 'video/x-flv'],
  [/\.(mp3|m4a|m4b)$/i, 'audio/mpeg'], [/\.(ogg|oga)$/i, 'audio/ogg'], [/\.(flac)$/i, 'audio/flac'], [/\.(wav)$/i, 'audio/wav'],
];

function fileType(url: string): { ext: string; type: string } {
  for (const [pattern, type] of FILE_TYPES) {
    const m = pattern.exec(url);
    if (m) return { ext: m[1].toLowerCase(), type };
  }
  return { ext: '', type: '' };
}

/** wp_validate_boolean */
function isTrue(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value.toLowerCase() !== 'false' && value !== '0';
}

function withInstance(url: string, instance: number): string {
  const [base, hash] = url.split('#', 2);
  return `${base}${base.includes('?') ? '&' : '?'}_=${instance}${hash !== undefined ? `#${hash}` : ''}`;
}

export interface MediaContext {
  postId: number;
  /** URL of the first audio / video attached to the post, if any. */
  audio?: string;
  video?: string;
}

interface Player {
  kind: 'audio' | 'video';
  types: Record<string, string>;
}

/** The given sources in WordPress's order (`src` first), or null when the src is not a known type (then a link). */
function sources(attrs: ShortcodeAttrs, player: Player, attached: string | undefined): Array<[string, string]> | string | null {
  const order = Object.keys(player.types);
  if (attrs.src) {
    const isEmbed = player.kind === 'video' && /^https?:\/\/(?:(?:www\.)?(?:youtube\.com\/watch|youtu\.be\/)|(.+\.)?vimeo\.com\/)/.test(attrs.src);
    if (!isEmbed && !(fileType(attrs.src).ext in player.types)) {
      return `<a class="wp-embedded-${player.kind}" href="${escUrl(attrs.src)}">${escHtml(attrs.src)}</a>`;
    }
    if (isEmbed) return null;
    return ['src', ...order].filter((k) => attrs[k]).map((k) => [k, attrs[k]]);
  }
  const primary = order.some((ext) => attrs[ext] && fileType(attrs[ext]).ext === ext);
  if (primary) return order.filter((k) => attrs[k]).map((k) => [k, attrs[k]]);
  if (!attached) return [];
  return [['src', attached], ...order.filter((k) => attrs[k]).map((k): [string, string] => [k, attrs[k]])];
}

function player(kind: 'audio' | 'video', attrs: ShortcodeAttrs, content: string | null, media: MediaContext, instance: number): string | null {
  const spec: Player = { kind, types: kind === 'audio' ? AUDIO_TYPES : VIDEO_TYPES };
  const found = sources(attrs, spec, kind === 'audio' ? media.audio : media.video);
  // YouTube and Vimeo players are not rendered here; the shortcode stays as written.
  if (found === null) return null;
  if (typeof found === 'string') return found;
  if (!found.length) return '';
  const parts: string[] = [];
  if (kind === 'audio') {
    parts.push(`class="${escAttr(attrs.class ?? 'wp-audio-shortcode')}"`, `id="audio-${media.postId}-${instance}"`);
  } else {
    const width = Math.abs(Math.trunc(Number(attrs.width ?? 640)) || 0);
    const height = Math.abs(Math.trunc(Number(attrs.height ?? 360)) || 0);
    parts.push(`class="${escAttr(attrs.class ?? 'wp-video-shortcode')}"`, `id="video-${media.postId}-${instance}"`);
    if (width) parts.push(`width="${width}"`);
    if (height) parts.push(`height="${height}"`);
    if (attrs.poster) parts.push(`poster="${escAttr(escUrl(attrs.poster))}"`);
  }
  if (isTrue(attrs.loop)) parts.push('loop');
  if (isTrue(attrs.autoplay)) parts.push('autoplay');
  if (isTrue(attrs.muted ?? 'false')) parts.push('muted');
  const preload = attrs.preload ?? (kind === 'audio' ? 'none' : 'metadata');
  if (['none', 'metadata', 'auto'].includes(preload)) parts.push(`preload="${preload}"`);
  if (kind === 'audio') parts.push(`style="${escAttr(attrs.style ?? 'width: 100%;')}"`);
  let html = instance === 1 ? `<!--[if lt IE 9]><script>document.createElement('${kind}');</script><![endif]-->\n` : '';
  html += `<${kind} ${parts.join(' ')} controls="controls">`;
  for (const [, url] of found) html += `<source type="${fileType(url).type}" src="${escUrl(withInstance(url, instance))}" />`;
  // A video's content (its <track> elements) goes inside the player, on one line.
  if (kind === 'video' && content) html += (content.includes('\n') ? content.replace(/\r\n|\n|\t/g, '') : content).trim();
  html += `<a href="${escUrl(found[0][1])}">${escUrl(found[0][1])}</a></${kind}>`;
  if (kind === 'audio') return html;
  const width = Math.trunc(Number(attrs.width ?? 640)) || 0;
  return `<div style="${width ? `width: ${width}px;` : ''}" class="wp-video">${html}</div>`;
}

/** Handlers numbering their own instances; null from a handler leaves the shortcode as written. */
export function mediaPlayers(media: MediaContext): Record<'audio' | 'video', ShortcodeHandler> {
  let audio = 0;
  let video = 0;
  return {
    audio: (attrs, content) => player('audio', attrs, content, media, ++audio),
    video: (attrs, content) => player('video', attrs, content, media, ++video),
  };
}
