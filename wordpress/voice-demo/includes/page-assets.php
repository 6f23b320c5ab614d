<?php
/**
 * What a page with a demo needs once, however many demos it holds, and a page without one never
 * gets: the CSS that reserves the panel's space and the widget's module script.
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

/**
 * The panel's box while `widget.mjs` is still on its way: 348 px high while the element is narrower
 * than 528 px, 220 px from there, so nothing on the page moves when the panel appears (the padding's
 * percentage is of the element's width; `clamp` picks one height or the other). A hidden element
 * stays hidden. The video call button takes the page's flow where the author put it, under the panel,
 * so it never floats over the theme's text or the panel; it is 0 px high until the product says video
 * calls run. Kept equal to the product's PANEL_SPACE_CSS and VIDEO_IN_FLOW_CSS by a test.
 */
const VOICE_DEMO_PANEL_SPACE_CSS = 'voice-demo:not(:defined,[hidden]){display:block}voice-demo:not(:defined)::before{content:"";display:block;padding-top:clamp(220px,(528px - 100%)*999,348px)}';
const VOICE_DEMO_VIDEO_BUTTON_CSS = 'voice-video-call::part(dock){position:static;justify-content:center}voice-video-call:state(shown){padding-top:16px}';

/** Whether a demo has been rendered on this page, and what of its assets is printed already. */
final class Voice_Demo_Page_Assets {
	public static bool $has_demo = false;
	public static bool $css_printed = false;
	public static bool $script_printed = false;
}

function voice_demo_css_tag(): string {
	return '<style id="voice-demo-space">' . VOICE_DEMO_PANEL_SPACE_CSS . VOICE_DEMO_VIDEO_BUTTON_CSS . '</style>';
}

function voice_demo_script_tag(): string {
	$src = voice_demo_product_url() . '/widget.mjs';
	return '<script type="module" async src="' . esc_url($src) . '"></script>';
}

/**
 * Called by each demo as it renders: marks the page as having one, and returns the CSS when the head
 * has gone out without it (a demo the head could not foresee: in a widget, on an archive page).
 */
function voice_demo_claim_page_assets(): string {
	Voice_Demo_Page_Assets::$has_demo = true;
	if (Voice_Demo_Page_Assets::$css_printed || !did_action('wp_head')) {
		return '';
	}
	Voice_Demo_Page_Assets::$css_printed = true;
	return voice_demo_css_tag();
}

/**
 * Whether the page will show a demo, known before its content is rendered: a single post or page
 * (not an archive, whose excerpts drop blocks and shortcodes) whose content has the block or the
 * shortcode, and a product URL to load the panel from.
 */
function voice_demo_page_will_have_demo(): bool {
	if (!is_singular() || voice_demo_product_url() === '') {
		return false;
	}
	$post = get_queried_object();
	if (!$post instanceof WP_Post || post_password_required($post)) {
		return false;
	}
	return has_block('callpilot/voice-demo', $post) || has_shortcode($post->post_content, 'voice_demo');
}

// Late in the head: a block theme has rendered the page's content already; a classic theme has not,
// but a single post's content says whether it has a demo.
add_action('wp_head', static function (): void {
	if (Voice_Demo_Page_Assets::$css_printed || !(Voice_Demo_Page_Assets::$has_demo || voice_demo_page_will_have_demo())) {
		return;
	}
	Voice_Demo_Page_Assets::$css_printed = true;
	Voice_Demo_Page_Assets::$script_printed = true;
	echo voice_demo_css_tag() . voice_demo_script_tag() . "\n";
}, 100);

add_action('wp_footer', static function (): void {
	if (!Voice_Demo_Page_Assets::$has_demo || Voice_Demo_Page_Assets::$script_printed) {
		return;
	}
	Voice_Demo_Page_Assets::$script_printed = true;
	echo voice_demo_script_tag() . "\n";
});
