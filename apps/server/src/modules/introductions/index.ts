/** What other modules may use of introductions (dependency-cruiser: modules import each other only through index.ts). */
export { applyPlacementToClaims, introductionForReport, recordPlacementOnIntroduction } from './claims';
export { contactsDiffer, fingerprintsOf } from './fingerprint';
export { formerPartyRetention, rememberFormerCompany } from './former-companies';
export { liveClaim, withinProtection } from './matching';
export { introductionDetail, listHandledIntroductions, listRegister, timelineOf } from './queries';
export { lockRegister } from './register';
export { introductionRetention } from './retention';
export { publishIntroduction } from './routes';
export { forgetConsultant, resolveIntroduction } from './service';
export { changeIntroductionStatus } from './status-change';
export { declareAlreadyKnown } from './already-known';
export { introduceCandidate } from './introduce';
export { handOverIntroductions } from './hand-over';
export { introductionTasks } from './tasks';
export { confirmConsent, consentTokenOf } from './consent';
export { consentJob, expireConsents, remindConsents } from './consent-runs';
export { interviewJob, runInterviewMails } from './interview-runs';
export { chooseInterviewSlot, proposeInterview } from './interview-schedule';
