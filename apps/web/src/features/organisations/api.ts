import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Invitation,
  type InvitationPreview,
  type InvitationRegisterRequest,
  type InvitationRequest,
  type LegalIdentityInput,
  type LoginResponse,
  type Member,
  type MemberRole,
  type Membership,
  type Organisation,
  type OwnUser,
} from '@pb/core';
import { api } from '../../lib/http';
import { saveUser, type Session } from '../../lib/session';
import { activeOrganisationKey, membersKey } from '../../components/organisations/queries';

export { useActiveOrganisation as useOrganisation, useMembers } from '../../components/organisations/queries';

/** Organisations (issue 31): the switcher, the active organisation, its members and invitations. */

export const organisationKeys = {
  mine: ['organisations'] as const,
  active: activeOrganisationKey,
  members: membersKey,
  invitations: ['organisation', 'invitations'] as const,
};

interface Data<T> {
  data: T;
}

export function useMemberships() {
  return useQuery({
    queryKey: organisationKeys.mine,
    queryFn: () => api<Data<Membership[]>>('/organisations'),
    select: (answer) => answer.data,
  });
}

/**
 * Reads the own user again and keeps what the session acts for — organisation, role in it, side
 * of the marketplace — in the browser's session: what the menu and the pages show.
 */
export async function refreshSession(): Promise<void> {
  saveUser(await api<OwnUser>('/users/me'));
}

/** Whether the stored session still names this membership in this role. */
export function sessionActsFor(session: Session | null, membership: Membership): boolean {
  return (
    session?.organisation?.organisationId === membership.organisationId && session.organisation.role === membership.role
  );
}

/** Acts for another own organisation: every cached answer belonged to the one before. */
export function useSwitchOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (membership: Membership) =>
      api('/organisations/active', { method: 'PUT', body: { organisationId: membership.organisationId } }),
    onSuccess: async () => {
      await refreshSession();
      await queryClient.invalidateQueries();
    },
  });
}

export function useSaveLegalIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form's text as typed: the server normalises it with the same schema the form checked.
    mutationFn: (identity: Record<keyof LegalIdentityInput, string>) =>
      api<Data<Organisation>>('/organisation/legal-identity', { method: 'PUT', body: { ...identity } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(organisationKeys.active, answer);
      void queryClient.invalidateQueries({ queryKey: organisationKeys.mine });
    },
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, role }: { member: Member; role: MemberRole }) =>
      api(`/organisation/members/${member.id}`, { method: 'PUT', body: { role } }),
    // The caller's own role may have changed too (the page's controls follow it).
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.active }),
  });
}

/** Removes a member or leaves (own membership); the successor takes over the member's work. */
export function useEndMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, successor }: { member: Member; successor: Member | null }) =>
      api(`/organisation/members/${member.id}${successor ? `?successor=${successor.id}` : ''}`, { method: 'DELETE' }),
    onSuccess: async (_answer, { member }) => {
      // Leaving: the session acts for no organisation (or the next one) now.
      if (member.self) await refreshSession();
      await queryClient.invalidateQueries();
    },
  });
}

export function useInvitations() {
  return useQuery({
    queryKey: organisationKeys.invitations,
    queryFn: () => api<Data<Invitation[]>>('/organisation/invitations'),
    select: (answer) => answer.data,
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: InvitationRequest) =>
      api('/organisation/invitations', { method: 'POST', body: { ...request } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.invitations }),
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) =>
      api(`/organisation/invitations/${invitation.id}/resend`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.invitations }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) => api(`/organisation/invitations/${invitation.id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.invitations }),
  });
}

export const lookupInvitation = (token: string) =>
  api<Data<InvitationPreview>>('/invitations/lookup', { method: 'POST', body: { token } }).then((a) => a.data);

export const acceptInvitation = (token: string) => api('/invitations/accept', { method: 'POST', body: { token } });

export const joinWithNewAccount = (request: InvitationRegisterRequest) =>
  api<LoginResponse>('/invitations/register', { method: 'POST', body: { ...request } });
