<?php
/**
 * The one render function of the block and the shortcode: the demo panel's HTML, or what tells an
 * editor why there is none.
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

const VOICE_DEMO_THEMES = ['auto', 'light', 'dark'];

/**
 * The demo for `$settings` (`slug`, `theme`, `showVideoButton`) as one line of HTML: nothing in it
 * that wpautop or wptexturize would change (no newline, no text outside tags). `$wrapper_attributes`
 * are the block's (its class names and alignment); the shortcode has none of its own.
 *
 * Without a product URL or without a usable prospect link, visitors get an HTML comment only, and
 * whoever can edit the post sees a short notice saying what to fix. A link the product does not know
 * shows its general demo to visitors (as the product answers), and the notice to editors.
 *
 * @param array{slug?: mixed, theme?: mixed, showVideoButton?: mixed} $settings
 */
function voice_demo_render(array $settings, string $wrapper_attributes = 'class="voice-demo-embed"'): string {
	$input = is_string($settings['slug'] ?? null) ? trim($settings['slug']) : '';
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
	if ($input === '') {
		return voice_demo_missing(
			'no prospect link',
			esc_html__('Voice demo: no prospect link yet, so visitors see nothing here. Edit the post to pick the prospect.', 'voice-demo')
		);
	}
	$slug = voice_demo_normalize_slug($input)['slug'];
	if ($slug === null) {
		return voice_demo_missing(
			'no valid prospect link',
			esc_html(
				sprintf(
					/* translators: %s: what was written as the prospect link */
					__('Voice demo: “%s” is not a prospect link, so visitors see nothing here. Use the end of the prospect\'s demo link: 1 to 64 lowercase letters, digits or dashes.', 'voice-demo'),
					$input
				)
			)
		);
	}

	$attributes = 'slug="' . esc_attr($slug) . '" theme="' . esc_attr($theme) . '"';
	$html = voice_demo_claim_page_assets();
	$html .= '<voice-demo ' . $attributes . '></voice-demo>';
	if ($with_video) {
		$html .= '<voice-video-call ' . $attributes . '></voice-video-call>';
	}
	return voice_demo_unknown_notice($slug) . '<div ' . $wrapper_attributes . '>' . $html . '</div>';
}

/** Whether the reader may edit the post being shown (or, outside one, posts at all). */
function voice_demo_reader_can_edit(): bool {
	$post_id = get_the_ID();
	return $post_id ? current_user_can('edit_post', $post_id) : current_user_can('edit_posts');
}

/** The editors' notice above a demo whose link the product answers with its general demo. */
function voice_demo_unknown_notice(string $slug): string {
	if (!voice_demo_reader_can_edit()) {
		return '';
	}
	$found = voice_demo_lookup_prospect($slug);
	if ($found === null || $found['known']) {
		return '';
	}
	return voice_demo_notice(
		esc_html(
			sprintf(
				/* translators: %s: the prospect link */
				__('Voice demo: the product does not know the prospect link “%s”, so visitors see its general demo here. Check the link.', 'voice-demo'),
				$slug
			)
		)
	);
}

/**
 * An HTML comment for everyone, and for a reader who can edit this post a visible notice: the reason
 * a demo is not on the page.
 */
function voice_demo_missing(string $reason, string $notice_html): string {
	$html = '<!-- Voice demo: ' . esc_html($reason) . ' -->';
	if (voice_demo_reader_can_edit()) {
		$html .= voice_demo_notice($notice_html);
	}
	return $html;
}

function voice_demo_notice(string $notice_html): string {
	return '<div class="voice-demo-notice" role="note" style="border:1px dashed currentColor;padding:12px 16px;font-size:14px">' . $notice_html . '</div>';
}
