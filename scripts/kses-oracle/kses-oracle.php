<?php
/**
 * Runs WordPress's own wp_kses_post, wp_kses_data and wp_kses in the pre_term_description
 * context over a corpus, as a user without unfiltered_html and with 6.8's default filters only.
 * Reads a JSON array of strings from the file named by argv[1]; writes a JSON array of
 * [post, data, description] triples (or {"error": message} for an input WordPress itself fails
 * on) to argv[2].
 */
$_SERVER['HTTP_HOST'] = '127.0.0.1:8082';
require '/usr/share/wordpress/wp-load.php';

wp_set_current_user( 0 );
if ( current_user_can( 'unfiltered_html' ) ) {
	fwrite( STDERR, "the current user can post unfiltered HTML\n" );
	exit( 1 );
}

// The corpus is only meaningful against the defaults: refuse a site where a plugin changes kses.
global $wp_filter;
$expected = array( 'pre_kses' => array( 'wp_pre_kses_less_than', 'wp_pre_kses_block_attributes' ) );
foreach ( array( 'pre_kses', 'wp_kses_allowed_html', 'safe_style_css', 'kses_allowed_protocols', 'safecss_filter_attr_allow_css', 'wp_kses_uri_attributes', 'block_parser_class', 'upload_dir', 'esc_html' ) as $hook ) {
	$found = array();
	if ( isset( $wp_filter[ $hook ] ) ) {
		foreach ( $wp_filter[ $hook ]->callbacks as $callbacks ) {
			foreach ( $callbacks as $id => $unused ) {
				$found[] = $id;
			}
		}
	}
	if ( $found !== ( $expected[ $hook ] ?? array() ) ) {
		fwrite( STDERR, "unexpected filters on $hook: " . implode( ', ', $found ) . "\n" );
		exit( 1 );
	}
}

$inputs  = json_decode( file_get_contents( $argv[1] ), true, 512, JSON_THROW_ON_ERROR );
$outputs = array();
foreach ( $inputs as $input ) {
	try {
		$outputs[] = array( wp_kses_post( $input ), wp_kses_data( $input ), wp_kses( $input, 'pre_term_description' ) );
	} catch ( Throwable $e ) {
		$outputs[] = array( 'error' => get_class( $e ) . ': ' . $e->getMessage() );
		// A failure inside the block filter leaves it unhooked (it unhooks itself while it runs):
		// hook it again so the next inputs are filtered as on a fresh request.
		if ( false === has_filter( 'pre_kses', 'wp_pre_kses_block_attributes' ) ) {
			add_filter( 'pre_kses', 'wp_pre_kses_block_attributes', 10, 3 );
		}
	}
}

$meta = array(
	'wordpress'  => $GLOBALS['wp_version'],
	'uploadsUrl' => wp_upload_dir( null, false )['baseurl'],
);
file_put_contents( $argv[2], json_encode( array( 'meta' => $meta, 'outputs' => $outputs ), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR ) );
