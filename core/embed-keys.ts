/**
 * Embed keys: one per site that embeds the demo through the WordPress plugin, made by a rep on their
 * profile page and pasted into the plugin's settings. A key only reads (the product's name, its own
 * label and rep, a search of that rep's prospects) and is revoked by the rep who made it. The reps'
 * routes are under REP_API_PATH (`/embed-keys`); the plugin calls EMBED_API_PATH with
 * `Authorization: Bearer vdk_…` from the site's server.
 */

/** What every key starts with, so a person (and a secret scanner) can tell one at sight. */
export const EMBED_KEY_PREFIX = 'vdk_'
/** A key's label: the site it is for, as the rep names it ("bright-smile.example"). */
export const EMBED_KEY_LABEL_MAX = 100
export const EMBED_API_PATH = '/api/embed'
/** The most prospects one search answers, and how many when the request does not say. */
export const EMBED_SEARCH_MAX = 20
export const EMBED_SEARCH_DEFAULT = 10

/** A key as its rep's page lists it: never the key itself, which is shown once, when made. */
export interface EmbedKey {
  id: string
  label: string
  createdAt: string
  /** When a site last used it (to the minute); null: never. */
  lastUsedAt: string | null
}

/** `GET /api/reps/embed-keys`: the rep's live keys, newest first. */
export interface EmbedKeyListResponse {
  keys: EmbedKey[]
}

/** `POST /api/reps/embed-keys`'s body. */
export interface EmbedKeyRequest {
  label: string
}

/** A key just made: the key itself (`vdk_…`), shown this once. */
export interface EmbedKeyCreated {
  key: Pick<EmbedKey, 'id' | 'label' | 'createdAt'>
  secret: string
}

/** `GET /api/embed/key`: what the plugin's settings show once a key is pasted. */
export interface EmbedKeyInfoResponse {
  product: string
  label: string
  /** The rep who made the key: their name as prospects see it, else their email. */
  rep: string
}

/** One prospect to pick: `link` is their page's address. */
export interface EmbedProspect {
  slug: string
  name: string
  companyName: string
  link: string
}

/** `GET /api/embed/prospects?q=&limit=`. */
export interface EmbedProspectsResponse {
  prospects: EmbedProspect[]
}

/** What a person reads when a key label is empty or too long. */
export const EMBED_KEY_LABEL_MESSAGE = `Name the site in 1 to ${EMBED_KEY_LABEL_MAX} characters, e.g. bright-smile.example.`
