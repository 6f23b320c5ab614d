<?php
/**
 * [voice_demo slug="…" theme="auto|light|dark" video="yes|no"] for the classic editor: the same HTML
 * as the block. The shortcode runs after wpautop and the output is one line of tags, so no <p> or
 * <br /> gets inside it; shortcode_unautop takes away the <p> around a shortcode on a line of its own.
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

add_shortcode('voice_demo', static function ($attributes): string {
	$attributes = shortcode_atts(['slug' => '', 'theme' => 'auto', 'video' => 'no'], is_array($attributes) ? $attributes : [], 'voice_demo');
	return voice_demo_render([
		'slug' => (string) $attributes['slug'],
		'theme' => strtolower((string) $attributes['theme']),
		'showVideoButton' => in_array(strtolower((string) $attributes['video']), ['yes', 'true', '1', 'on'], true),
	]);
});
