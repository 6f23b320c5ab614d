<?php
/**
 * The "Voice demo" block: dynamic, so a post stores only the block's comment and its settings (the
 * prospect link, the theme, the video button), which nothing of kses strips, and shows nothing of it
 * once the plugin is gone. Every role that can edit posts can use it, Authors and Contributors
 * included, who cannot save <script> or unknown tags.
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

add_action('init', static function (): void {
	wp_register_script(
		'voice-demo-editor',
		plugins_url('block/editor.js', __DIR__),
		['wp-blocks', 'wp-element', 'wp-components', 'wp-block-editor', 'wp-data', 'wp-plugins', 'wp-api-fetch', 'wp-i18n'],
		VOICE_DEMO_VERSION,
		true
	);
	wp_set_script_translations('voice-demo-editor', 'voice-demo', dirname(__DIR__) . '/languages');
	register_block_type(dirname(__DIR__) . '/block', [
		// The block's class names and alignment go on the demo's wrapper, as the editor shows them.
		'render_callback' => static fn (array $attributes): string => voice_demo_render(
			$attributes,
			get_block_wrapper_attributes(['class' => 'voice-demo-embed'])
		),
	]);
});

/**
 * In the editor: what the block needs to know (whether a product URL and a key are set, where the
 * settings screen is). Not the key itself, and not the product's script: the block's preview loads
 * that inside its own sandboxed frame.
 */
add_action('enqueue_block_editor_assets', static function (): void {
	wp_add_inline_script(
		'voice-demo-editor',
		'window.voiceDemoEditor = ' . wp_json_encode([
			'productUrl' => voice_demo_product_url(),
			'hasKey' => voice_demo_embed_key() !== '',
			'settingsUrl' => admin_url('options-general.php?page=voice-demo'),
			'canManageOptions' => current_user_can('manage_options'),
		]) . ';',
		'before'
	);
});
