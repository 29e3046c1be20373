/** The shortcodes WordPress 6.8 registers itself (wp-includes/media.php and class-wp-embed.php). */
export const SHORTCODE_NAMES = ['embed', 'wp_caption', 'caption', 'gallery', 'playlist', 'audio', 'video'];
