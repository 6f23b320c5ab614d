<?php
/**
 * Settings → Voice demo: the product URL (where `widget.mjs` is served), checked with the product when
 * saved, and an optional embed key, with which the block can search the product's prospects. Only
 * administrators (`manage_options`) see or change them.
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

/** The embed key as stored, or '' while none is set. Read on the server only. */
function voice_demo_embed_key(): string {
	$key = get_option(VOICE_DEMO_KEY_OPTION, '');
	return is_string($key) ? $key : '';
}

/**
 * An http(s) URL with a host, without its query, fragment and trailing slash; null for anything else.
 * The widget is loaded from `{URL}/widget.mjs`, so nothing may follow the path.
 */
function voice_demo_normalize_url(string $value): ?string {
	$value = trim($value);
	if ($value === '' || filter_var($value, FILTER_VALIDATE_URL) === false) {
		return null;
	}
	$parts = wp_parse_url($value);
	$scheme = strtolower($parts['scheme'] ?? '');
	if (!in_array($scheme, ['http', 'https'], true) || empty($parts['host']) || isset($parts['user'])) {
		return null;
	}
	$origin = $scheme . '://' . $parts['host'] . (isset($parts['port']) ? ':' . $parts['port'] : '');
	return $origin . rtrim($parts['path'] ?? '', '/');
}

/**
 * What the settings form saves as the product URL. The URL is saved only once the product answered
 * from it: a wrong one would leave every demo an empty box. The reps' pages show the prospect's demo
 * link (`{product}/{slug}`) more than the product's address, so when that is what was pasted, the
 * address one folder up is tried and the person told. Otherwise the previous value stays, with why.
 */
function voice_demo_sanitize_product_url(mixed $value): string {
	// WordPress sanitizes twice when the option is first added: one check, one message.
	static $done = [];
	$text = is_string($value) ? trim($value) : '';
	if (isset($done[$text])) {
		return $done[$text];
	}
	$done[$text] = voice_demo_checked_product_url($text);
	return $done[$text];
}

function voice_demo_checked_product_url(string $text): string {
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
	$why = '';
	$config = voice_demo_product_config($url, $why);
	$path = (string) wp_parse_url($url, PHP_URL_PATH);
	if ($config === null && $path !== '') {
		$parent = substr($url, 0, strrpos($url, '/'));
		$parent_config = voice_demo_product_config($parent);
		if ($parent_config !== null) {
			$parent_name = $parent_config['name'];
			voice_demo_remember_video_calls($parent, $parent_config['videoCall']);
			add_settings_error(
				VOICE_DEMO_OPTION,
				'prospect-link',
				/* translators: 1: the product's name, 2: the product URL saved */
				sprintf(__('That is a prospect\'s demo link. Saved the address of its product instead: connected to %1$s at %2$s.', 'voice-demo'), $parent_name, $parent),
				'success'
			);
			return $parent;
		}
	}
	if ($config === null) {
		add_settings_error(
			VOICE_DEMO_OPTION,
			'not-the-product',
			/* translators: %s: why the product could not be reached */
			sprintf(__('The product URL was not changed: %s Check the address your sales rep gave you.', 'voice-demo'), $why)
		);
		return voice_demo_product_url();
	}
	$name = $config['name'];
	voice_demo_remember_video_calls($url, $config['videoCall']);
	add_settings_error(
		VOICE_DEMO_OPTION,
		'connected',
		/* translators: 1: the product's name, 2: the product URL */
		sprintf(__('Connected to %1$s at %2$s.', 'voice-demo'), $name, $url),
		'success'
	);
	return $url;
}

/**
 * What the settings form saves as the embed key: an empty field keeps the key saved (the field never
 * shows it), "Remove the key" removes it, and a new key is saved only once the product accepted it.
 * Who made it is kept to show it without asking the product on every visit of the screen.
 */
function voice_demo_sanitize_embed_key(mixed $value): string {
	static $done = [];
	$text = is_string($value) ? trim($value) : '';
	// The checkbox is part of the same form, whose nonce options.php has checked.
	// phpcs:ignore WordPress.Security.NonceVerification.Missing
	$remove = isset($_POST['voice_demo_remove_key']);
	$memo = ($remove ? 'remove:' : '') . $text;
	if (isset($done[$memo])) {
		return $done[$memo];
	}
	$done[$memo] = voice_demo_checked_embed_key($text, $remove);
	return $done[$memo];
}

function voice_demo_checked_embed_key(string $text, bool $remove): string {
	if ($remove) {
		delete_option(VOICE_DEMO_KEY_OWNER_OPTION);
		return '';
	}
	if ($text === '') {
		return voice_demo_embed_key();
	}
	if (preg_match('/^vdk_[A-Za-z0-9_-]{8,200}$/', $text) !== 1) {
		add_settings_error(VOICE_DEMO_KEY_OPTION, 'invalid-key', __('An embed key starts with vdk_, as the reps\' pages show it. The key was not changed.', 'voice-demo'));
		return voice_demo_embed_key();
	}
	$product_url = voice_demo_product_url();
	if ($product_url === '') {
		add_settings_error(VOICE_DEMO_KEY_OPTION, 'no-product', __('Set the product URL first: the key is checked with the product. The key was not changed.', 'voice-demo'));
		return voice_demo_embed_key();
	}
	$why = '';
	$owner = voice_demo_key_owner($product_url, $text, $why);
	if ($owner === null) {
		/* translators: %s: why the key was refused */
		add_settings_error(VOICE_DEMO_KEY_OPTION, 'key-refused', sprintf(__('The key was not changed: %s', 'voice-demo'), $why));
		return voice_demo_embed_key();
	}
	update_option(VOICE_DEMO_KEY_OWNER_OPTION, $owner, false);
	add_settings_error(VOICE_DEMO_KEY_OPTION, 'key-saved', voice_demo_key_owner_text($owner), 'success');
	return $text;
}

/** "Key for {label}, made by {rep}." */
function voice_demo_key_owner_text(array $owner): string {
	$label = (string) ($owner['label'] ?? '');
	$rep = (string) ($owner['rep'] ?? '');
	return $rep === ''
		/* translators: %s: the key's label */
		? sprintf(__('Key for %s.', 'voice-demo'), $label)
		/* translators: 1: the key's label, 2: the sales rep who made it */
		: sprintf(__('Key for %1$s, made by %2$s.', 'voice-demo'), $label, $rep);
}

// On init, not admin_init: the rules then also hold for the options saved from anywhere else.
add_action('init', static function (): void {
	register_setting('voice_demo', VOICE_DEMO_OPTION, [
		'type' => 'string',
		'default' => '',
		'sanitize_callback' => 'voice_demo_sanitize_product_url',
		'show_in_rest' => false,
	]);
	register_setting('voice_demo', VOICE_DEMO_KEY_OPTION, [
		'type' => 'string',
		'default' => '',
		'sanitize_callback' => 'voice_demo_sanitize_embed_key',
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
	$key = voice_demo_embed_key();
	$owner = get_option(VOICE_DEMO_KEY_OWNER_OPTION);
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
							<?php esc_html_e('The address of the voice demo product, where the demo panel is served from. Your sales rep gives it to you; a prospect\'s demo link works too. It is checked with the product when you save. Visitors\' browsers load the panel from there; until it is set, no demo shows on your pages.', 'voice-demo'); ?>
						</p>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="voice-demo-embed-key"><?php esc_html_e('Embed key (optional)', 'voice-demo'); ?></label></th>
					<td>
						<input type="password" class="regular-text code" id="voice-demo-embed-key" autocomplete="off"
							name="<?php echo esc_attr(VOICE_DEMO_KEY_OPTION); ?>" value=""
							placeholder="vdk_…" aria-describedby="voice-demo-embed-key-help" />
						<p class="description" id="voice-demo-embed-key-help">
							<?php
							if ($key !== '') {
								echo esc_html(
									sprintf(
										/* translators: 1: the key's last four characters, 2: who made it */
										__('A key ending in …%1$s is saved. %2$s Leave the field empty to keep it.', 'voice-demo'),
										substr($key, -4),
										is_array($owner) ? voice_demo_key_owner_text($owner) : ''
									)
								);
							} else {
								esc_html_e('With a key made on the reps\' pages, the block lets you pick the prospect from a search instead of typing the link. The key can only read the prospects\' names and links, and is never sent to a browser.', 'voice-demo');
							}
							?>
						</p>
						<?php if ($key !== '') : ?>
							<p><label><input type="checkbox" name="voice_demo_remove_key" value="1" /> <?php esc_html_e('Remove the key', 'voice-demo'); ?></label></p>
						<?php endif; ?>
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
