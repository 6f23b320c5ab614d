/**
 * A new idempotency key for a chosen file: a retry of the same choice sends it again and is answered
 * with the same import, never written twice. 16 random bytes in hex (`crypto.randomUUID` needs https,
 * and a rep may work over plain http on a local network).
 */
export function createImportKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
