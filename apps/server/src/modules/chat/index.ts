/** What other modules may use of chat (dependency-cruiser: modules import each other only through index.ts). */
export { chatFileForDownload } from './files';
export {
  appendMessage,
  contactCompany,
  ensureConversation,
  listConversations,
  listMessages,
  messageContext,
  removeStoredFiles,
  storeFile,
  writeMessage,
  type MessageContext,
  type StoredFile,
} from './service';
