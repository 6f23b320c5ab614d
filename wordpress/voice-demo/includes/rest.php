<?php
/**
 * The block's two questions to the product, asked from the site's server so that the embed key stays
 * there: a search of the prospects the key may list, and what the product knows of one prospect link.
 * For whoever can edit posts (`edit_posts`), through the REST API's cookie and nonce check.
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

add_action('rest_api_init', static function (): void {
	$can_edit = static fn (): bool => current_user_can('edit_posts');
	register_rest_route('voice-demo/v1', '/prospects', [
		'methods' => WP_REST_Server::READABLE,
		'permission_callback' => $can_edit,
		'args' => [
			'q' => ['type' => 'string', 'required' => true, 'maxLength' => 100, 'sanitize_callback' => 'sanitize_text_field'],
		],
		'callback' => 'voice_demo_rest_search',
	]);
	register_rest_route('voice-demo/v1', '/prospects/(?P<slug>[a-z0-9-]{1,64})', [
		'methods' => WP_REST_Server::READABLE,
		'permission_callback' => $can_edit,
		'callback' => 'voice_demo_rest_prospect',
	]);
});

/** `{ prospects: [{ slug, name, companyName }] }`: the product's answer, with only what the block shows. */
function voice_demo_rest_search(WP_REST_Request $request): WP_REST_Response|WP_Error {
	$product_url = voice_demo_product_url();
	$key = voice_demo_embed_key();
	if ($product_url === '' || $key === '') {
		return new WP_Error('voice_demo_no_key', __('Searching needs the product URL and an embed key in Settings → Voice demo.', 'voice-demo'), ['status' => 409]);
	}
	$query = http_build_query(['q' => (string) $request['q'], 'limit' => 10]);
	$answer = voice_demo_get_json($product_url . '/api/embed/prospects?' . $query, $key);
	if ($answer['status'] === 401 || $answer['status'] === 403) {
		return new WP_Error('voice_demo_key_refused', __('The product no longer accepts this site\'s embed key. An administrator can paste a new one in Settings → Voice demo.', 'voice-demo'), ['status' => 502]);
	}
	if ($answer['status'] !== 200 || !is_array($answer['body']['prospects'] ?? null)) {
		return new WP_Error('voice_demo_unreachable', __('The product did not answer the search. Try again, or type the prospect link.', 'voice-demo'), ['status' => 502]);
	}
	$prospects = [];
	foreach ($answer['body']['prospects'] as $prospect) {
		$slug = is_array($prospect) ? ($prospect['slug'] ?? null) : null;
		if (!is_string($slug) || preg_match(VOICE_DEMO_SLUG_PATTERN, $slug) !== 1) {
			continue;
		}
		$prospects[] = [
			'slug' => $slug,
			'name' => is_string($prospect['name'] ?? null) ? $prospect['name'] : '',
			'companyName' => is_string($prospect['companyName'] ?? null) ? $prospect['companyName'] : '',
		];
	}
	return new WP_REST_Response(['prospects' => $prospects]);
}

/** `{ slug, known, companyName }`: `known` false when the product shows its general demo for the link. */
function voice_demo_rest_prospect(WP_REST_Request $request): WP_REST_Response|WP_Error {
	$slug = (string) $request['slug'];
	$found = voice_demo_lookup_prospect($slug);
	if ($found === null) {
		return new WP_Error('voice_demo_unreachable', __('The product did not answer.', 'voice-demo'), ['status' => 502]);
	}
	return new WP_REST_Response(['slug' => $slug] + $found);
}
