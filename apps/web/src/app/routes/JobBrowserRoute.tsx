import { useMemo } from 'react';
import { useSession } from '../../lib/session';
import { useConversations } from '../../features/chat/api/conversations';
import { JobBrowserPage } from '../../features/jobs/JobBrowserPage';

/**
 * /advertisements/view: the advertisement browser, told by the chat which
 * advertisements the consultant is in conversation about (features meet here,
 * not in each other).
 */
export function Component() {
  const session = useSession();
  const conversations = useConversations(session?.role === 'consultant');
  const conversationJobIds = useMemo(
    () =>
      conversations.isSuccess
        ? new Set(conversations.data.data.flatMap((c) => (c.advertisement ? [c.advertisement.id] : [])))
        : undefined,
    [conversations.isSuccess, conversations.data],
  );
  return <JobBrowserPage conversationJobIds={conversationJobIds} />;
}
