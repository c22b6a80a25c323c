/**
 * Live chat state shared with the shell (unread badge in the menu).
 * Placeholder until the chat feature lands: no unread conversations.
 */
export function useUnreadConversationCount(): number {
  return 0;
}
