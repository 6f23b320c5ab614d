<?php
/**
 * Deleting the plugin removes what it stored: the product URL, the embed key and who made it, and
 * whether the product runs video calls.
 */

declare(strict_types=1);

if (!defined('WP_UNINSTALL_PLUGIN')) {
	exit;
}

delete_option('voice_demo_product_url');
delete_option('voice_demo_embed_key');
delete_option('voice_demo_embed_key_owner');
delete_option('voice_demo_video_calls');
