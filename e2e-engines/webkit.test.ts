import { describeEngine } from './engine-suite.ts'
import { launchWebKit } from './webkit.ts'

describeEngine('WebKit', launchWebKit)
