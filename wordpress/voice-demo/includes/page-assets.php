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
 * The panel's box while `widget.mjs` is still on its way: 296 px high while the element is narrower
 * than 432 px, 276 px while narrower than 528 px, 220 px from there (`--voice-demo-fit` tells the panel the page keeps that height), so nothing on the page moves when the panel appears (the padding's
 * percentage is of the element's width; `clamp` picks one height or the other). A hidden element
 * stays hidden. The video call button takes the page's flow where the author put it, under the panel,
 * so it never floats over the theme's text or the panel; it is 0 px high until the product says video
 * calls run, or, where the product said it runs them, keeps the button's room from the first paint
 * (VOICE_DEMO_VIDEO_SPACE_CSS), so nothing under it moves when it shows; if the product answers
 * otherwise after all, the widget gives the room back. Kept equal to the product's PANEL_SPACE_CSS,
 * VIDEO_IN_FLOW_CSS and VIDEO_SPACE_CSS by a test.
 */
const VOICE_DEMO_PANEL_SPACE_CSS = 'voice-demo{--voice-demo-fit:3}voice-demo:not(:defined,[hidden]){display:block}voice-demo:not(:defined)::before{content:"";display:block;padding-top:calc(clamp(220px,(528px - 100%)*999,276px) + clamp(0px,(432px - 100%)*999,20px))}';
const VOICE_DEMO_VIDEO_BUTTON_CSS = 'voice-video-call::part(dock){position:static;justify-content:center}voice-video-call:state(shown){padding-top:16px}';
const VOICE_DEMO_VIDEO_SPACE_CSS = 'voice-video-call:not([hidden],:state(off)){display:block;box-sizing:border-box;min-height:72px}';

/** The page's CSS for its demos: the panel's space, the video button's place and, when known, its room. */
function voice_demo_page_css(): string {
	return VOICE_DEMO_PANEL_SPACE_CSS . VOICE_DEMO_VIDEO_BUTTON_CSS . (voice_demo_video_calls_on() ? VOICE_DEMO_VIDEO_SPACE_CSS : '');
}

/** Whether the inline copy of the CSS went out with a demo the head could not foresee. */
final class Voice_Demo_Page_Assets {
	public static bool $css_inline = false;
}

/**
 * The page's assets, registered the WordPress way: the widget's module script (its `type` is set by
 * the `script_loader_tag` filter below, since 6.1 has no script-modules API), and the CSS as an inline
 * style with no file of its own. Enqueued, each goes out once per page however many demos it holds.
 */
function voice_demo_register_page_assets(): void {
	if (!wp_script_is('voice-demo-widget', 'registered')) {
		// No version: the product serves its latest widget at this address, revalidated.
		// phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion
		wp_register_script('voice-demo-widget', voice_demo_product_url() . '/widget.mjs', [], null, false);
	}
	if (!wp_style_is('voice-demo', 'registered')) {
		wp_register_style('voice-demo', false, [], VOICE_DEMO_VERSION);
		wp_add_inline_style('voice-demo', voice_demo_page_css());
	}
}

/**
 * Called by each demo as it renders. Before the head (a block theme renders the page first), the CSS
 * and the script are enqueued for the head. After it (a demo in a widget, on an archive page), the
 * script goes to the footer and the CSS comes inline with the first such demo, so the panel's space is
 * there from its first paint; returned here to be printed before it.
 */
function voice_demo_claim_page_assets(): string {
	voice_demo_register_page_assets();
	wp_enqueue_script('voice-demo-widget');
	if (!did_action('wp_head')) {
		wp_enqueue_style('voice-demo');
		return '';
	}
	if (wp_style_is('voice-demo', 'done') || Voice_Demo_Page_Assets::$css_inline) {
		return '';
	}
	Voice_Demo_Page_Assets::$css_inline = true;
	return '<style id="voice-demo-space">' . voice_demo_page_css() . '</style>';
}

/**
 * Whether the page will show a demo, known before its content is rendered: a single post or page
 * (not an archive, whose excerpts drop blocks and shortcodes) whose content has the block or the
 * shortcode with a usable prospect link, and a product URL to load the panel from. A page whose only
 * demo has no usable link shows visitors nothing, so it loads nothing.
 */
function voice_demo_page_will_have_demo(): bool {
	if (!is_singular() || voice_demo_product_url() === '') {
		return false;
	}
	$post = get_queried_object();
	if (!$post instanceof WP_Post || post_password_required($post)) {
		return false;
	}
	return voice_demo_blocks_have_demo(parse_blocks($post->post_content))
		|| voice_demo_shortcodes_have_demo($post->post_content);
}

/** @param array<int, array<string, mixed>> $blocks */
function voice_demo_blocks_have_demo(array $blocks): bool {
	foreach ($blocks as $block) {
		if (($block['blockName'] ?? '') === 'callpilot/voice-demo') {
			$slug = $block['attrs']['slug'] ?? '';
			if (is_string($slug) && voice_demo_normalize_slug($slug)['slug'] !== null) {
				return true;
			}
		}
		if (voice_demo_blocks_have_demo($block['innerBlocks'] ?? [])) {
			return true;
		}
		// A shortcode inside a Classic or Shortcode block.
		if (voice_demo_shortcodes_have_demo((string) ($block['innerHTML'] ?? ''))) {
			return true;
		}
	}
	return false;
}

function voice_demo_shortcodes_have_demo(string $content): bool {
	if (!has_shortcode($content, 'voice_demo')) {
		return false;
	}
	preg_match_all('/' . get_shortcode_regex(['voice_demo']) . '/', $content, $found, PREG_SET_ORDER);
	foreach ($found as $shortcode) {
		$attributes = shortcode_parse_atts($shortcode[3]);
		$slug = is_array($attributes) ? (string) ($attributes['slug'] ?? '') : '';
		if (voice_demo_normalize_slug($slug)['slug'] !== null) {
			return true;
		}
	}
	return false;
}

// A classic theme prints its head before the content: a single post's content says whether it has a demo.
add_action('wp_enqueue_scripts', static function (): void {
	if (!voice_demo_page_will_have_demo()) {
		return;
	}
	voice_demo_register_page_assets();
	wp_enqueue_script('voice-demo-widget');
	wp_enqueue_style('voice-demo');
});

// WordPress 6.1 has no script-modules API: the widget's tag gets its type here (a module never blocks
// the page's rendering; async runs it as soon as it is in).
add_filter('script_loader_tag', static function (string $tag, string $handle, string $src): string {
	if ($handle !== 'voice-demo-widget') {
		return $tag;
	}
	return '<script type="module" async src="' . esc_url($src) . '" id="voice-demo-widget-js"></script>' . "\n";
}, 10, 3);
