<?php
/**
 * [voice_demo slug="…" theme="auto|light|dark" video="yes|no"] for the classic editor and widgets:
 * the same HTML as the block. The shortcode runs after wpautop and its output is one line of tags, so
 * no <p> or <br /> gets inside it. Around it is another matter: a shortcode after text in the same
 * paragraph, or in a widget (which has no shortcode_unautop), ends up inside a <p>, where a <div> is
 * not allowed: the browser closes the paragraph early and leaves an empty one after the demo. So the
 * output is marked, and the paragraph around it is split there.
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

const VOICE_DEMO_START = '<!--voice-demo-->';
const VOICE_DEMO_END = '<!--/voice-demo-->';

add_shortcode('voice_demo', static function ($attributes): string {
	$attributes = shortcode_atts(['slug' => '', 'theme' => 'auto', 'video' => 'no'], is_array($attributes) ? $attributes : [], 'voice_demo');
	return VOICE_DEMO_START . voice_demo_render([
		'slug' => (string) $attributes['slug'],
		'theme' => strtolower((string) $attributes['theme']),
		'showVideoButton' => in_array(strtolower((string) $attributes['video']), ['yes', 'true', '1', 'on'], true),
	]) . VOICE_DEMO_END;
});

/**
 * `$html` with every marked demo that sits inside a <p> taken out of it: the paragraph is closed
 * before the demo and opened again after it (a <br /> next to it dropped), and a paragraph left
 * empty by that removed.
 */
function voice_demo_unwrap_paragraphs(string $html): string {
	if (strpos($html, VOICE_DEMO_START) === false) {
		return $html;
	}
	$pattern = '#(?:<br\s*/?>\s*)?' . preg_quote(VOICE_DEMO_START, '#') . '(.*?)' . preg_quote(VOICE_DEMO_END, '#') . '(?:\s*<br\s*/?>)?#s';
	$out = preg_replace_callback(
		$pattern,
		static function (array $match) use ($html): string {
			$before = substr($html, 0, (int) $match[0][1]);
			$opened = max((int) strrpos($before, '<p>'), (int) strrpos($before, '<p '));
			$closed = (int) strrpos($before, '</p>');
			$demo = VOICE_DEMO_START . $match[1][0] . VOICE_DEMO_END;
			return $opened > $closed || ($opened === 0 && str_starts_with($before, '<p')) ? '</p>' . $demo . '<p>' : $demo;
		},
		$html,
		-1,
		$count,
		PREG_OFFSET_CAPTURE
	) ?? $html;
	$out = preg_replace('#<p(?: [^>]*)?>\s*</p>\s*(' . preg_quote(VOICE_DEMO_START, '#') . ')#', '$1', $out) ?? $out;
	return preg_replace('#(' . preg_quote(VOICE_DEMO_END, '#') . ')\s*<p>\s*</p>#', '$1', $out) ?? $out;
}

// After do_shortcode (priority 11), wherever shortcodes run: posts, the classic Text widget, block widgets.
foreach (['the_content', 'widget_text_content', 'widget_block_content'] as $voice_demo_filter) {
	add_filter($voice_demo_filter, 'voice_demo_unwrap_paragraphs', 12);
}
unset($voice_demo_filter);
