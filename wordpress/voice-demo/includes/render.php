<?php
/**
 * The one render function of the block and the shortcode: the demo panel's HTML, or what tells an
 * editor why there is none.
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

/** A prospect link as the product makes them: lowercase letters, digits and dashes, 1 to 64. */
const VOICE_DEMO_SLUG_PATTERN = '/^[a-z0-9-]{1,64}$/';
const VOICE_DEMO_THEMES = ['auto', 'light', 'dark'];

/**
 * The demo for `$settings` (`slug`, `theme`, `showVideoButton`) as one line of HTML: nothing in it
 * that wpautop or wptexturize would change (no newline, no text outside tags).
 *
 * Without a product URL or with a slug that breaks the rule, visitors get an HTML comment only, and
 * whoever can edit the post sees a short notice saying what to fix, so nobody is left guessing.
 *
 * @param array{slug?: mixed, theme?: mixed, showVideoButton?: mixed} $settings
 */
function voice_demo_render(array $settings): string {
	$slug = is_string($settings['slug'] ?? null) ? trim($settings['slug']) : '';
	$theme = in_array($settings['theme'] ?? 'auto', VOICE_DEMO_THEMES, true) ? $settings['theme'] ?? 'auto' : 'auto';
	$with_video = ($settings['showVideoButton'] ?? false) === true;
	$product_url = voice_demo_product_url();

	if ($product_url === '') {
		return voice_demo_missing(
			'no product URL set',
			sprintf(
				/* translators: %s: link to the settings screen */
				__('Voice demo: set the product URL in %s', 'voice-demo'),
				'<a href="' . esc_url(admin_url('options-general.php?page=voice-demo')) . '">' . esc_html__('Settings → Voice demo', 'voice-demo') . '</a>'
			)
		);
	}
	if (preg_match(VOICE_DEMO_SLUG_PATTERN, $slug) !== 1) {
		return voice_demo_missing(
			'no valid prospect link',
			esc_html__('Voice demo: the prospect link must be 1 to 64 lowercase letters, digits or dashes.', 'voice-demo')
		);
	}

	$attributes = 'slug="' . esc_attr($slug) . '" theme="' . esc_attr($theme) . '"';
	$html = voice_demo_claim_page_assets();
	$html .= '<voice-demo ' . $attributes . '></voice-demo>';
	if ($with_video) {
		$html .= '<voice-video-call ' . $attributes . '></voice-video-call>';
	}
	return '<div class="voice-demo-embed">' . $html . '</div>';
}

/**
 * An HTML comment for everyone, and for a reader who can edit this post a visible notice: the reason
 * a demo is not on the page.
 */
function voice_demo_missing(string $reason, string $notice_html): string {
	$html = '<!-- Voice demo: ' . esc_html($reason) . ' -->';
	$post_id = get_the_ID();
	$can_edit = $post_id ? current_user_can('edit_post', $post_id) : current_user_can('edit_posts');
	if ($can_edit) {
		$html .= '<div class="voice-demo-notice" role="note" style="border:1px dashed currentColor;padding:12px 16px;font-size:14px">' . $notice_html . '</div>';
	}
	return $html;
}
