-- Issue 28 review (decision 0028): changing the second factors of an account that has one needs a
-- fresh proof of it. A passkey proves it by an assertion over a challenge of its own purpose
-- ('step_up'): never a sign-in's, never a registration's.
ALTER TABLE auth_challenges DROP CONSTRAINT auth_challenges_purpose_check;
ALTER TABLE auth_challenges ADD CONSTRAINT auth_challenges_purpose_check
  CHECK (purpose IN ('sign_in', 'passkey_registration', 'step_up'));
