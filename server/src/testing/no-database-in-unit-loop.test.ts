import { expect, inject, it } from 'vitest'
import { NO_DATABASE_IN_UNIT_LOOP } from './prepared-database.ts'
import { createTestBackend } from './test-backend.ts'

// The unit loop stays quick by opening no database (vitest.config.ts): a suite that opens one there is
// told where it belongs, rather than slowing every run of the loop by a second or more.
it.runIf(inject('preparedDatabaseImage') === undefined)(
  'in the unit loop, a suite that opens a database is told to list it for the integration run',
  async () => {
    await expect(createTestBackend()).rejects.toThrow(NO_DATABASE_IN_UNIT_LOOP)
  },
)
