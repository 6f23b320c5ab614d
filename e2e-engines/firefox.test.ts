import { describeEngine } from './engine-suite.ts'
import { launchFirefox } from './firefox.ts'

describeEngine('Firefox', launchFirefox)
