/** What other modules may use of chat (dependency-cruiser: modules import each other only through index.ts). */
export { assignedChatFile, chatFileForDownload } from './files';
export {
  appendMessage,
  contactCompany,
  ensureConversation,
  handOverConversations,
  openConversation,
  removeStoredFiles,
  storeFile,
  writeMessage,
  type StagedFile,
} from './commands';
export { messageContext, type MessageContext, type MessageParties, type NewMessage } from './message-context';
export type { ConversationRow } from './presenter';
export { listAssignedConversations, listConversations, listMessages, unansweredConversations } from './queries';
