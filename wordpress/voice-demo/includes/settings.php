<?php
/**
 * Settings → Voice demo: the one setting, the product URL (where `widget.mjs` is served).
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

/** The product URL as stored (http or https, no trailing slash), or '' while none is set. */
function voice_demo_product_url(): string {
	$url = get_option(VOICE_DEMO_OPTION, '');
	return is_string($url) ? $url : '';
}

/**
 * An http(s) URL with a host and no query or fragment, without its trailing slash; null for anything
 * else. The widget is loaded from `{URL}/widget.mjs`, so a query or fragment would break that address.
 */
function voice_demo_normalize_url(string $value): ?string {
	$value = trim($value);
	if ($value === '' || filter_var($value, FILTER_VALIDATE_URL) === false) {
		return null;
	}
	$parts = wp_parse_url($value);
	$scheme = strtolower($parts['scheme'] ?? '');
	if (!in_array($scheme, ['http', 'https'], true) || empty($parts['host'])) {
		return null;
	}
	if (isset($parts['query']) || isset($parts['fragment']) || isset($parts['user'])) {
		return null;
	}
	return rtrim($value, '/');
}

/**
 * What the settings form saves: the URL normalized, '' when the field is emptied, and the previous
 * value (with an error shown above the form) when it is not an http(s) URL.
 */
function voice_demo_sanitize_product_url(mixed $value): string {
	$text = is_string($value) ? trim($value) : '';
	if ($text === '') {
		return '';
	}
	$url = voice_demo_normalize_url($text);
	if ($url === null) {
		add_settings_error(
			VOICE_DEMO_OPTION,
			'invalid-url',
			__('The product URL must start with https:// or http://, for example https://demo.example.com. It was not changed.', 'voice-demo')
		);
		return voice_demo_product_url();
	}
	return $url;
}

// On init, not admin_init: the rule then also holds for the option saved from anywhere else.
add_action('init', static function (): void {
	register_setting('voice_demo', VOICE_DEMO_OPTION, [
		'type' => 'string',
		'default' => '',
		'sanitize_callback' => 'voice_demo_sanitize_product_url',
		'show_in_rest' => false,
	]);
});

add_action('admin_menu', static function (): void {
	add_options_page(
		__('Voice demo', 'voice-demo'),
		__('Voice demo', 'voice-demo'),
		'manage_options',
		'voice-demo',
		'voice_demo_settings_page'
	);
});

function voice_demo_settings_page(): void {
	if (!current_user_can('manage_options')) {
		return;
	}
	$url = voice_demo_product_url();
	?>
	<div class="wrap">
		<h1><?php esc_html_e('Voice demo', 'voice-demo'); ?></h1>
		<form action="options.php" method="post">
			<?php settings_fields('voice_demo'); ?>
			<table class="form-table" role="presentation">
				<tr>
					<th scope="row"><label for="voice-demo-product-url"><?php esc_html_e('Product URL', 'voice-demo'); ?></label></th>
					<td>
						<input type="url" class="regular-text code" id="voice-demo-product-url"
							name="<?php echo esc_attr(VOICE_DEMO_OPTION); ?>" value="<?php echo esc_attr($url); ?>"
							placeholder="https://demo.example.com" aria-describedby="voice-demo-product-url-help" />
						<p class="description" id="voice-demo-product-url-help">
							<?php esc_html_e('The address of the voice demo product, where the demo panel is served from (its widget.mjs). Your sales rep gives it to you. Visitors\' browsers load the panel from there; until it is set, no demo shows on your pages.', 'voice-demo'); ?>
						</p>
					</td>
				</tr>
			</table>
			<?php submit_button(); ?>
		</form>
	</div>
	<?php
}

add_filter('plugin_action_links_' . plugin_basename(dirname(__DIR__) . '/voice-demo.php'), static function (array $links): array {
	$settings = sprintf(
		'<a href="%s">%s</a>',
		esc_url(admin_url('options-general.php?page=voice-demo')),
		esc_html__('Settings', 'voice-demo')
	);
	array_unshift($links, $settings);
	return $links;
});
