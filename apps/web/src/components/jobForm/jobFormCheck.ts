import {
  DEFAULT_PLACEMENT_BONUS,
  firstMessage,
  JOB_FIELD_MSG,
  jobDataSchema,
  missingJobFields,
  MSG,
  placementBonusSchema,
  type JobData,
} from '@pb/core';
import type { Checker, CheckIssue } from '../../lib/useSchemaSubmit';
import { jobDataInput, type JobFieldsState } from './jobFormModel';

/**
 * The company editor's check (spec §5 publish and update), made of the core rules the server
 * applies: jobDataSchema, its required fields (missingJobFields) and the bonus
 * (placementBonusSchema). The summary stays what the editor always showed — jobDataSchema's first
 * message, else for an unusable bonus 'Bitte füllen Sie alle Felder aus!' — and every refused field
 * gets its own message, keyed like jobFieldIds() plus 'placementBonus'.
 */
export const jobEditorCheck: Checker<JobData, JobFieldsState> = {
  safeParse(form) {
    const bonus = placementBonusSchema.safeParse(form.placementBonus.replace(',', '.'));
    // An unusable bonus is the bonus field's problem alone, not an (English) one of the body.
    const input = jobDataInput(form, bonus.success ? bonus.data : DEFAULT_PLACEMENT_BONUS);
    const parsed = jobDataSchema.safeParse(input);
    if (parsed.success && bonus.success) return { success: true, data: parsed.data };

    const issues: CheckIssue[] = [
      { message: parsed.success ? MSG.fillAllFields : firstMessage(parsed.error), path: [] },
    ];
    for (const field of missingJobFields(input)) issues.push({ message: JOB_FIELD_MSG[field], path: [field] });
    // Any other refusal (KV minimum, salaries a year, a too long entry) under its field as a whole.
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      if (issue.path.length > 0) issues.push({ message: issue.message, path: issue.path.slice(0, 1) });
    }
    if (!bonus.success) issues.push({ message: firstMessage(bonus.error), path: ['placementBonus'] });
    return { success: false, error: { issues } };
  },
};
