<?php
/**
 * The "Voice demo" block: dynamic, so a post stores only the block's comment and its settings (the
 * prospect link, the theme, the video button), which nothing of kses strips. Every role that can edit
 * posts can use it, Authors and Contributors included, who cannot save <script> or unknown tags.
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

add_action('init', static function (): void {
	wp_register_script(
		'voice-demo-editor',
		plugins_url('block/editor.js', __DIR__),
		['wp-blocks', 'wp-element', 'wp-components', 'wp-block-editor', 'wp-i18n'],
		VOICE_DEMO_VERSION,
		true
	);
	register_block_type(dirname(__DIR__) . '/block', [
		'render_callback' => static fn (array $attributes): string => voice_demo_render($attributes),
	]);
});

/**
 * In the editor: what the preview needs (the product URL, the settings screen's address), and the
 * widget itself from the product, so the preview is the real panel. No other address is loaded.
 */
add_action('enqueue_block_editor_assets', static function (): void {
	$product_url = voice_demo_product_url();
	wp_add_inline_script(
		'voice-demo-editor',
		'window.voiceDemoEditor = ' . wp_json_encode([
			'productUrl' => $product_url,
			'settingsUrl' => admin_url('options-general.php?page=voice-demo'),
			'canManageOptions' => current_user_can('manage_options'),
		]) . ';',
		'before'
	);
	if ($product_url !== '') {
		wp_enqueue_script('voice-demo-widget', $product_url . '/widget.mjs', [], null, true);
		wp_register_style('voice-demo-editor', false, [], VOICE_DEMO_VERSION);
		wp_enqueue_style('voice-demo-editor');
		wp_add_inline_style('voice-demo-editor', VOICE_DEMO_PANEL_SPACE_CSS);
	}
});

// WordPress 6.1 has no script-modules API: the widget's tag gets its type here.
add_filter('script_loader_tag', static function (string $tag, string $handle, string $src): string {
	if ($handle !== 'voice-demo-widget') {
		return $tag;
	}
	return '<script type="module" async src="' . esc_url($src) . '"></script>' . "\n";
}, 10, 3);
