/**
 * A rep's password: at least this long, so a guess costs more than the sign-in limits allow; no other
 * rule (length beats character classes, and a password manager's phrase must pass).
 */
export const PASSWORD_MIN_LENGTH = 12
/** Longer input is refused before hashing: a password, not a document. */
export const PASSWORD_MAX_LENGTH = 1000

export const PASSWORD_RULE_MESSAGE = `A password needs ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`
