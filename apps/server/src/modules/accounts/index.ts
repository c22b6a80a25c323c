/** What other modules may use of accounts (dependency-cruiser: modules import each other only through index.ts). */
export { queueConfirmationMail } from './auth-mails';
export { issueToken } from './auth-tokens';
export { findPendingEmailChange } from './email-change';
export { openObligationsOf } from './open-obligations';
export { type PresentableUser, userColumns } from './presenter';
export { findProfileImage, findUserByEmail, findUserById, imagesUploadedBy, isUniqueViolation } from './queries';
export { startSession } from './sign-in';
export { savedAsLogo } from './profile-images';
export { deleteUserAccount } from './service';
export { sessionHistoryOf } from './sessions';
export { secondFactorsOf } from './two-factor-service';
