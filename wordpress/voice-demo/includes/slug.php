<?php
/**
 * The product's rule for a prospect link, and what the plugin repairs of a link written by hand: a
 * link copied from an email comes with curly quotes, a typed one with capitals or `_`, a pasted one
 * as the whole demo address. Those have one meaning and are repaired; anything else is refused.
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

/** A prospect link as the product makes them: lowercase letters, digits and dashes, 1 to 64. */
const VOICE_DEMO_SLUG_PATTERN = '/^[a-z0-9-]{1,64}$/';

/** The product's own paths, never a prospect's link. Kept equal to the product's list by a test. */
const VOICE_DEMO_RESERVED_SLUGS = 'privacy,terms,new,import,api,assets,avatars,embed-demo,widget-chunks,wordpress,healthz,readyz,metrics';

/** Spaces and the quotes an email or a word processor puts around a value, straight or curly. */
const VOICE_DEMO_AROUND = '/^[\s"\'`\x{201C}\x{201D}\x{2018}\x{2019}\x{201E}\x{00AB}\x{00BB}\x{2039}\x{203A}]+|[\s"\'`\x{201C}\x{201D}\x{2018}\x{2019}\x{201E}\x{00AB}\x{00BB}\x{2039}\x{203A}]+$/u';

/**
 * `$input` as a prospect link: `['slug' => the link or null when it cannot be one, 'changed' => whether
 * it was repaired]`. Mirrored by the block's `normalizeSlug` in block/editor.js.
 *
 * @return array{slug: string|null, changed: bool}
 */
function voice_demo_normalize_slug(string $input): array {
	$text = preg_replace(VOICE_DEMO_AROUND, '', html_entity_decode($input, ENT_QUOTES | ENT_HTML5, 'UTF-8')) ?? '';
	if (preg_match('#^https?://#i', $text) === 1) {
		$path = (string) wp_parse_url($text, PHP_URL_PATH);
		$segments = array_values(array_filter(explode('/', $path), static fn (string $s): bool => $s !== ''));
		$text = $segments === [] ? '' : (string) end($segments);
	}
	$slug = str_replace('_', '-', strtolower($text));
	$valid = preg_match(VOICE_DEMO_SLUG_PATTERN, $slug) === 1
		&& !in_array($slug, explode(',', VOICE_DEMO_RESERVED_SLUGS), true);
	return ['slug' => $valid ? $slug : null, 'changed' => $valid && $slug !== $input];
}
