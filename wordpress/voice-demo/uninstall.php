<?php
/**
 * Deleting the plugin removes what it stored: the one option, the product URL.
 */

declare(strict_types=1);

if (!defined('WP_UNINSTALL_PLUGIN')) {
	exit;
}

delete_option('voice_demo_product_url');
