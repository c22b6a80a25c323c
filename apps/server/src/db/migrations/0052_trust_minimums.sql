-- Issue 36 after review (docs/trust.md): each figure its own minimum of data, 'Absagen mit konkretem
-- Grund' instead of 'Absagen mit Grund', and the rule "never between organisations that share a
-- person" kept on the fact once seen.

-- Set by the trust run while the membership rows show one person in both the company and the agency;
-- once true it stays true (an account deletion removes the memberships, not what they showed).
-- The run resets it only when the introduction moves to other organisations.
ALTER TABLE introduction_trust_facts ADD COLUMN shared boolean NOT NULL DEFAULT false;

-- The rejections figure has a new meaning and name: the stored figures lose the old one (the page
-- shows 'noch zu wenige Daten' for it) until the next run, at most 10 minutes later, computes it.
UPDATE organisation_trust
   SET company_figures = (company_figures - 'rejectionsWithReasonShare')
                         || jsonb_build_object('rejectionsWithConcreteReasonShare', NULL)
 WHERE company_figures IS NOT NULL;
