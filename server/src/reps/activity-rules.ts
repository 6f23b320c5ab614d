import {
  ENGAGEMENT_STAGES,
  HOT_MIN_STAGE,
  HOT_MIN_TALK_SECONDS,
  HOT_MIN_VISITS,
  HOT_WITHIN_HOURS,
  STAGE_OF_CALL_REPORT,
  STAGE_OF_EVENT,
} from '#core/engagement.ts'
import type { EngagementRules } from '../data/rep-database.ts'

/**
 * The stage and hot rules' constants, handed to the SQL that applies them
 * (`supabase/schema.sql`): the numbers the pages show (HOT_RULE_TEXT) are the numbers the
 * database counts with, because both come from core/engagement.ts.
 */
export const ENGAGEMENT_RULES: EngagementRules = {
  stages: ENGAGEMENT_STAGES,
  stage_of_event: STAGE_OF_EVENT,
  stage_of_call: STAGE_OF_CALL_REPORT,
  hot_within_hours: HOT_WITHIN_HOURS,
  hot_min_stage: HOT_MIN_STAGE,
  hot_min_visits: HOT_MIN_VISITS,
  hot_min_talk_seconds: HOT_MIN_TALK_SECONDS,
}
