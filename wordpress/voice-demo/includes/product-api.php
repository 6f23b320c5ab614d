<?php
/**
 * What the plugin asks the product from the site's server: its public settings (to check the product
 * URL when it is saved), an embed key's owner, the prospects a key may list, and whether a prospect
 * link is known. The embed key goes only from here to the product, never to a browser.
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

/**
 * A GET of `$url` that expects JSON: `['status' => HTTP status or 0, 'body' => decoded object or null,
 * 'error' => what went wrong, in words, or '']`. Short timeout: a person is waiting on each.
 *
 * @return array{status: int, body: array<string, mixed>|null, error: string}
 */
function voice_demo_get_json(string $url, string $key = ''): array {
	$headers = ['Accept' => 'application/json'];
	if ($key !== '') {
		$headers['Authorization'] = 'Bearer ' . $key;
	}
	$response = wp_remote_get($url, ['timeout' => 8, 'redirection' => 2, 'headers' => $headers]);
	if (is_wp_error($response)) {
		return ['status' => 0, 'body' => null, 'error' => $response->get_error_message()];
	}
	$status = (int) wp_remote_retrieve_response_code($response);
	$body = json_decode(wp_remote_retrieve_body($response), true);
	return ['status' => $status, 'body' => is_array($body) ? $body : null, 'error' => ''];
}

/**
 * Whether `$url` is the product: its `/api/config` answers with the product's name. Returns the name,
 * or null with `$why` set to the reason in words.
 */
function voice_demo_product_name(string $url, ?string &$why = null): ?string {
	return voice_demo_product_config($url, $why)['name'] ?? null;
}

/**
 * The product's public settings at `$url` that the plugin uses: its name, and whether it runs video
 * calls (`features.videoCall`). Null, with `$why` set to the reason in words, when `$url` is not the
 * product.
 *
 * @return array{name: string, videoCall: bool}|null
 */
function voice_demo_product_config(string $url, ?string &$why = null): ?array {
	$answer = voice_demo_get_json($url . '/api/config');
	if ($answer['status'] === 0) {
		/* translators: 1: the product URL, 2: the network error */
		$why = sprintf(__('%1$s could not be reached (%2$s).', 'voice-demo'), $url, $answer['error']);
		return null;
	}
	$name = $answer['body']['productName'] ?? null;
	if ($answer['status'] !== 200 || !is_string($name) || $name === '') {
		/* translators: 1: the product URL, 2: an HTTP status code */
		$why = sprintf(__('%1$s answered (HTTP %2$d), but not as the voice demo product does.', 'voice-demo'), $url, $answer['status']);
		return null;
	}
	return ['name' => $name, 'videoCall' => ($answer['body']['features']['videoCall'] ?? false) === true];
}

/**
 * Whether the product runs video calls, as it last said: then a page keeps the video button's room
 * from its first paint, so nothing moves when the button shows. Learnt whenever the site's server
 * asks the product anyway (the settings saved, a prospect link checked for an editor), never while a
 * visitor waits; until then no room is kept, and the button takes its room as it shows.
 */
function voice_demo_video_calls_on(): bool {
	$known = get_option(VOICE_DEMO_VIDEO_OPTION);
	return is_array($known) && ($known['url'] ?? null) === voice_demo_product_url() && ($known['on'] ?? false) === true;
}

/** Keeps what the product at `$url` said of video calls (see voice_demo_video_calls_on). */
function voice_demo_remember_video_calls(string $url, bool $on): void {
	$known = get_option(VOICE_DEMO_VIDEO_OPTION);
	if (!is_array($known) || ($known['url'] ?? null) !== $url || ($known['on'] ?? null) !== $on) {
		update_option(VOICE_DEMO_VIDEO_OPTION, ['url' => $url, 'on' => $on], true);
	}
}

/**
 * Who made the embed `$key` and what for, as the product says: `['label' => …, 'rep' => …]`, or null
 * with `$why` set.
 *
 * @return array{label: string, rep: string}|null
 */
function voice_demo_key_owner(string $product_url, string $key, ?string &$why = null): ?array {
	$answer = voice_demo_get_json($product_url . '/api/embed/key', $key);
	if ($answer['status'] === 401 || $answer['status'] === 403) {
		$why = __('The product does not accept this key: it may have been revoked, or made on another product. Ask your sales rep for a new one.', 'voice-demo');
		return null;
	}
	$label = $answer['body']['label'] ?? null;
	$rep = $answer['body']['rep'] ?? null;
	if (is_array($rep)) {
		$rep = $rep['name'] ?? null;
	}
	if ($answer['status'] !== 200 || !is_string($label)) {
		$why = $answer['status'] === 0
			/* translators: %s: the network error */
			? sprintf(__('The product could not be reached to check the key (%s).', 'voice-demo'), $answer['error'])
			/* translators: %d: an HTTP status code */
			: sprintf(__('The product could not check the key (HTTP %d). Try again later.', 'voice-demo'), $answer['status']);
		return null;
	}
	return ['label' => $label, 'rep' => is_string($rep) ? $rep : ''];
}

/**
 * What the product knows of the prospect link `$slug`: `known` false when it answers with its general
 * demo instead (`fallback`), null when it could not be asked. Kept five minutes, so an editor's
 * repeated looks and the page's notice cost one request.
 *
 * @return array{known: bool, companyName: string}|null
 */
function voice_demo_lookup_prospect(string $slug): ?array {
	$product_url = voice_demo_product_url();
	if ($product_url === '' || preg_match(VOICE_DEMO_SLUG_PATTERN, $slug) !== 1) {
		return null;
	}
	$cache_key = 'voice_demo_prospect_' . md5($product_url . '/' . $slug);
	$cached = get_transient($cache_key);
	if (is_array($cached)) {
		return $cached;
	}
	$answer = voice_demo_get_json($product_url . '/api/prospects/' . rawurlencode($slug));
	if ($answer['status'] !== 200 || $answer['body'] === null) {
		return null;
	}
	// Every answer says whether the product runs video calls: the pages keep the button's room by it.
	voice_demo_remember_video_calls($product_url, ($answer['body']['features']['videoCall'] ?? false) === true);
	$company = $answer['body']['prospect']['companyName'] ?? '';
	$found = [
		'known' => ($answer['body']['fallback'] ?? false) !== true,
		'companyName' => is_string($company) ? $company : '',
	];
	set_transient($cache_key, $found, 5 * MINUTE_IN_SECONDS);
	return $found;
}
