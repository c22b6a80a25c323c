import type { ReactNode } from 'react';
import { memberMay } from '@pb/core';
import type { Session } from '../../lib/session';
import { UnreadBadge } from '../../features/chat/components/UnreadBadge';
import { UnseenIntroductionsBadge } from '../../components/introductions/UnseenIntroductionsBadge';

export interface MenuItem {
  to: string;
  label: string;
  badge?: ReactNode;
}

/**
 * The work of the role, in the menu's one row: what a member does day to day. Settings of the
 * person and the organisation are `accountMenuFor` (the account menu), so the row fits 1280 px.
 */
export function mainMenuFor(session: Session): MenuItem[] {
  const items: MenuItem[] = [];
  // The back office has its own dashboard; a member's 'Übersicht' is what their organisation asks of them.
  if (session.role !== 'admin') items.push({ to: '/advertisements/overview', label: 'Übersicht' });
  items.push({ to: '/advertisements/view', label: 'Inserate anzeigen' });
  // Buchhaltung reads the company's advertisements; the spec's entry is for those who write them.
  if (session.role === 'company')
    items.push({
      to: '/advertisements/create',
      label:
        !session.organisation || memberMay(session.organisation, 'advertisements.write')
          ? 'Inserate erstellen/bearbeiten'
          : 'Inserate des Unternehmens',
    });
  items.push({ to: '/advertisements/chat', label: 'Chat', badge: <UnreadBadge /> });
  // Candidates' data is for the members who handle introductions, not for Buchhaltung.
  const handlesIntroductions = !session.organisation || memberMay(session.organisation, 'introductions.write');
  if (session.role === 'company' && handlesIntroductions)
    items.push({ to: '/advertisements/introductions', label: 'Vorstellungen', badge: <UnseenIntroductionsBadge /> });
  if (session.role === 'consultant' && handlesIntroductions)
    items.push({ to: '/advertisements/introductions', label: 'Meine Vorstellungen' });
  if (session.role === 'consultant') items.push({ to: '/advertisements/earnings', label: 'Meine Vermittlungen' });
  if (session.role === 'company') items.push({ to: '/advertisements/billing', label: 'Rechnungen' });
  if (session.role === 'consultant') items.push({ to: '/advertisements/searches', label: 'Meine Suchaufträge' });
  items.push({ to: '/advertisements/public-consultants', label: 'Öffentliche Personalberater' });
  if (session.role === 'admin') items.push({ to: '/admin', label: 'Backoffice' });
  return items;
}

/** The person's and the organisation's settings (spec §2's profile entries keep their labels). */
export function accountMenuFor(session: Session): MenuItem[] {
  const items: MenuItem[] = [];
  if (session.role === 'company') items.push({ to: '/advertisements/profile', label: 'Unternehmensprofil bearbeiten' });
  if (session.role === 'consultant')
    items.push({ to: '/advertisements/profile', label: 'Personalvermittlerprofil bearbeiten' });
  if (session.role !== 'admin') items.push({ to: '/advertisements/organisation', label: 'Organisation' });
  // The account payouts go to and the payouts themselves: for the members who handle money. Here, not in
  // the main row, which has no room left at 1280 px.
  if (memberMay(session.organisation, 'billing.manage'))
    items.push({ to: '/advertisements/payouts', label: 'Auszahlungen' });
  // The office's hearings about the company (issue 34): its administrators answer them.
  if (session.organisation?.kind === 'company' && memberMay(session.organisation, 'organisation.manage'))
    items.push({ to: '/advertisements/circumvention-cases', label: 'Umgehungsverfahren' });
  items.push({ to: '/advertisements/security', label: 'Sicherheit' });
  items.push({ to: '/advertisements/notifications', label: 'Benachrichtigungen' });
  return items;
}
