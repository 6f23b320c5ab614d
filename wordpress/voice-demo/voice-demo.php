<?php
/**
 * Plugin Name:       Voice demo
 * Description:       Shows a prospect's voice demo panel (and, if you want, the video call button) in a post or page: a block for the block editor and a [voice_demo] shortcode for the classic editor.
 * Version:           0.2.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Author:            Voice demo
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Update URI:        false
 * Text Domain:       voice-demo
 *
 * "Update URI: false" keeps WordPress from looking this plugin up on wordpress.org: a plugin there
 * with the same folder name would otherwise be offered as an "update". The site's server asks only the
 * product set in Settings → Voice demo, and only when an administrator saves the settings or someone
 * who can edit posts uses the block; visitors' browsers load `{product URL}/widget.mjs`.
 */

declare(strict_types=1);

if (!defined('ABSPATH')) {
	exit;
}

const VOICE_DEMO_VERSION = '0.2.0';
const VOICE_DEMO_OPTION = 'voice_demo_product_url';
const VOICE_DEMO_KEY_OPTION = 'voice_demo_embed_key';
const VOICE_DEMO_KEY_OWNER_OPTION = 'voice_demo_embed_key_owner';
const VOICE_DEMO_VIDEO_OPTION = 'voice_demo_video_calls';

require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/product-api.php';
require_once __DIR__ . '/includes/slug.php';
require_once __DIR__ . '/includes/render.php';
require_once __DIR__ . '/includes/page-assets.php';
require_once __DIR__ . '/includes/block.php';
require_once __DIR__ . '/includes/shortcode.php';
require_once __DIR__ . '/includes/rest.php';

add_action('init', static function (): void {
	load_plugin_textdomain('voice-demo', false, dirname(plugin_basename(__FILE__)) . '/languages');
});
