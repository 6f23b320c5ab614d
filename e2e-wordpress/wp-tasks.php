<?php
/**
 * What the test does to its WordPress with WordPress's own functions (no wp-cli offline):
 * `php -d auto_prepend_file=… wp-tasks.php <site URL> '<JSON list of steps>'`.
 * Each step throws on failure, so the test sees the reason.
 */

declare(strict_types=1);

[, $url, $json] = $argv;
$steps = json_decode($json, true, 8, JSON_THROW_ON_ERROR);
$parts = parse_url($url);
$_SERVER['HTTP_HOST'] = $parts['host'] . ':' . $parts['port'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_NAME'] = $parts['host'];
$_SERVER['SERVER_PORT'] = (string) $parts['port'];
// Installing: WordPress would otherwise send the not-yet-installed site to its installer.
if ($steps[0]['task'] === 'install') {
	define('WP_INSTALLING', true);
}
require ABSPATH . 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

foreach ($steps as $step) {
	switch ($step['task']) {
		case 'install':
			$result = wp_install($step['title'], 'admin', 'admin@example.com', false, '', wp_slash($step['adminPassword']));
			update_option('siteurl', $url);
			update_option('home', $url);
			// No "verify the administration email" screen at the admin's sign-in.
			update_option('admin_email_lifespan', time() + 10 * YEAR_IN_SECONDS);
			echo "installed, admin user {$result['user_id']}\n";
			break;
		case 'install-plugin':
			// What Plugins → Add New → Upload Plugin does with the uploaded zip.
			require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
			$upgrader = new Plugin_Upgrader(new Automatic_Upgrader_Skin());
			$result = $upgrader->install($step['zip']);
			if ($result !== true) {
				$error = is_wp_error($result) ? $result->get_error_message() : implode(' ', $upgrader->skin->get_upgrade_messages());
				throw new RuntimeException('Plugin_Upgrader: ' . $error);
			}
			echo "installed {$upgrader->plugin_info()}\n";
			break;
		case 'activate-plugin':
			$error = activate_plugin($step['plugin']);
			if (is_wp_error($error)) {
				throw new RuntimeException('activate_plugin: ' . $error->get_error_message());
			}
			echo "activated {$step['plugin']}\n";
			break;
		case 'uninstall-plugin':
			// Plugins → Deactivate, then Delete: WordPress runs the plugin's uninstall.php.
			update_option('voice_demo_product_url', 'https://demo.example.com');
			update_option('voice_demo_embed_key', 'vdk_left_behind_0000');
			deactivate_plugins($step['plugin']);
			$deleted = delete_plugins([$step['plugin']]);
			if ($deleted !== true) {
				throw new RuntimeException('delete_plugins: ' . (is_wp_error($deleted) ? $deleted->get_error_message() : 'failed'));
			}
			echo 'product URL option: ' . var_export(get_option('voice_demo_product_url', 'absent'), true) . "\n";
			echo 'embed key option: ' . var_export(get_option('voice_demo_embed_key', 'absent'), true) . "\n";
			echo 'plugin folder: ' . (is_dir(WP_PLUGIN_DIR . '/voice-demo') ? 'present' : 'absent') . "\n";
			break;
		case 'deactivate-plugin':
			deactivate_plugins($step['plugin']);
			echo "deactivated {$step['plugin']}\n";
			break;
		case 'add-widget':
			// What Appearance → Widgets saves: the widget's settings, and its place in the sidebar.
			$option = 'widget_' . $step['kind'];
			$widgets = get_option($option, []);
			$number = max(array_merge([1], array_filter(array_keys($widgets), 'is_int'))) + 1;
			$widgets[$number] = $step['kind'] === 'block'
				? ['content' => $step['content']]
				: ['title' => '', 'text' => $step['content'], 'filter' => true, 'visual' => true];
			update_option($option, $widgets);
			$sidebars = wp_get_sidebars_widgets();
			$sidebars[$step['sidebar']][] = "{$step['kind']}-$number";
			wp_set_sidebars_widgets($sidebars);
			echo "widget {$step['kind']}-$number in {$step['sidebar']}\n";
			break;
		case 'add-user':
			$id = wp_insert_user([
				'user_login' => $step['login'],
				'user_pass' => $step['password'],
				'user_email' => $step['login'] . '@example.com',
				'role' => $step['role'],
			]);
			if (is_wp_error($id)) {
				throw new RuntimeException('wp_insert_user: ' . $id->get_error_message());
			}
			echo "user {$step['login']} is $id\n";
			break;
		case 'switch-theme':
			switch_theme($step['theme']);
			if (get_stylesheet() !== $step['theme']) {
				throw new RuntimeException("switch_theme: the theme is still " . get_stylesheet());
			}
			echo "theme {$step['theme']}\n";
			break;
		default:
			throw new RuntimeException('Unknown task ' . $step['task']);
	}
}
