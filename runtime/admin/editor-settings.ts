/**
 * The settings the block editor starts with on the edit page, computed from the site as
 * WordPress 6.8 computes them (get_block_editor_settings and wp-admin/edit-form-blocks.php): the
 * active theme's theme.json settings with the site's global styles over them (site-theme-json.ts)
 * and the presets the editor offers (colors, gradients, font sizes, layout), the stylesheets of the canvas, the upload limits and allowed types, the image
 * sizes, and the edit page's own entries (placeholders, autosave intervals, post lock).
 */
import type { App } from '../rest/types.ts';
import type { ThemeData } from '../themes/active-theme.ts';
import { siteThemeJson } from './site-theme-json.ts';
import { ALLOWED_TYPES } from '../media/mime-types.ts';
import { registeredImageSizes } from '../media/image-sizes.ts';
import { getOption } from '../content/options.ts';
import { presetStylesheet, rootStylesheet } from './theme-styles.ts';

/** WordPress's AUTOSAVE_INTERVAL (seconds) and the editor's local backup interval. */
const AUTOSAVE_INTERVAL = 60;
const LOCAL_AUTOSAVE_INTERVAL = 15;

/** The names image_size_names_choose gives the sizes the editor lets one pick. */
const SIZE_NAMES: Record<string, string> = { thumbnail: 'Thumbnail', medium: 'Medium', large: 'Large', full: 'Full Size' };

type Presets = Record<string, unknown[]> | undefined;

/** The presets the editor's legacy settings take: the user's, else the theme's, else the defaults (get_block_editor_settings). */
function byOrigin(presets: Presets): unknown[] | undefined {
  if (!presets || typeof presets !== 'object') return undefined;
  return presets.custom ?? presets.theme ?? presets.default;
}

function section(settings: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = settings[name];
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** get_allowed_mime_types: extensions sharing a type joined by `|`, as the editor's upload checks expect. */
export function allowedMimeTypes(): Record<string, string> {
  const byMime = new Map<string, string[]>();
  for (const [ext, mime] of Object.entries(ALLOWED_TYPES)) byMime.set(mime, [...(byMime.get(mime) ?? []), ext]);
  return Object.fromEntries([...byMime].map(([mime, exts]) => [exts.join('|'), mime]));
}

function themeSettings(theme: ThemeData): Record<string, unknown> {
  const settings = theme.settings ?? {};
  const color = section(settings, 'color');
  const typography = section(settings, 'typography');
  const spacing = section(settings, 'spacing');
  const supports = theme.theme_supports ?? {};
  const out: Record<string, unknown> = {
    __experimentalFeatures: settings,
    alignWide: Boolean(supports['align-wide']),
    disableCustomColors: color.custom === false,
    disableCustomGradients: color.customGradient === false,
    disableCustomFontSizes: typography.customFontSize === false,
    disableLayoutStyles: Boolean(supports['disable-layout-styles']),
    enableCustomLineHeight: Boolean(typography.lineHeight),
    enableCustomSpacing: Boolean(spacing.padding),
    enableCustomUnits: spacing.units ?? false,
    // wp_theme_has_theme_json: this server's theme is a block theme with a theme.json.
    supportsLayout: true,
    supportsTemplateMode: Boolean(supports['block-templates']),
    disablePostFormats: !supports.formats,
  };
  const colors = byOrigin(color.palette as Presets);
  const gradients = byOrigin(color.gradients as Presets);
  const fontSizes = byOrigin(typography.fontSizes as Presets);
  if (colors) out.colors = colors;
  if (gradients) out.gradients = gradients;
  if (fontSizes) out.fontSizes = fontSizes;
  return out;
}

export interface EditorSettingsInput {
  postType: string;
  /** Asset URLs of the bundle (content.css goes inside the canvas iframe). */
  contentStylesheet: string;
  dashboardLink: string;
}

export async function editorSettings(app: App, input: EditorSettingsInput): Promise<Record<string, unknown>> {
  const theme = await siteThemeJson(app);
  const sizes = registeredImageSizes(app.deployment.settings);
  const templates = (await getOption<Record<string, Record<string, string> | string[]>>(app.db, 'page_templates', {})) ?? {};
  const forType = templates[input.postType];
  const offered = Array.isArray(forType) ? Object.fromEntries(forType.map((t) => [t, t])) : (forType ?? {});
  const styles = [
    { css: presetStylesheet(theme), __unstableType: 'presets', isGlobalStyles: true },
    { css: rootStylesheet(theme), __unstableType: 'theme', isGlobalStyles: true },
  ];
  return {
    ...themeSettings(theme),
    allowedBlockTypes: true,
    allowedMimeTypes: allowedMimeTypes(),
    maxUploadFileSize: app.config.maxUploadBytes,
    imageDefaultSize: 'large',
    imageEditing: true,
    imageDimensions: Object.fromEntries(Object.entries(sizes).map(([name, s]) => [name, { width: s.width, height: s.height, crop: s.crop }])),
    imageSizes: [...Object.keys(SIZE_NAMES).filter((s) => s === 'full' || sizes[s]).map((slug) => ({ slug, name: SIZE_NAMES[slug] }))],
    isRTL: false,
    styles,
    defaultEditorStyles: [],
    // What WordPress prints inside the canvas iframe: the block styles, then the theme's (in `styles`).
    __unstableResolvedAssets: { styles: `<link rel="stylesheet" href="${input.contentStylesheet}" media="all">`, scripts: '' },
    titlePlaceholder: 'Add title',
    bodyPlaceholder: 'Type / to choose a block',
    autosaveInterval: AUTOSAVE_INTERVAL,
    localAutosaveInterval: LOCAL_AUTOSAVE_INTERVAL,
    richEditingEnabled: true,
    codeEditingEnabled: true,
    enableCustomFields: false,
    availableTemplates: { '': 'Default template', ...offered },
    // Post locks (WordPress's heartbeat) are not kept: every edit page opens unlocked, and with no
    // active lock the editor sends no release beacon when it closes.
    postLock: { isLocked: false },
    __experimentalDashboardLink: input.dashboardLink,
    __experimentalDiscussionSettings: { commentOrder: 'asc', commentsPerPage: 50, defaultCommentsPage: 'newest', pageComments: false, threadComments: true, threadCommentsDepth: 5, defaultCommentStatus: 'open', avatarURL: '' },
  };
}
