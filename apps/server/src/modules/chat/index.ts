/** What other modules may use of chat (dependency-cruiser: modules import each other only through index.ts). */
export { chatFileForDownload } from './files';
export {
  appendMessage,
  contactCompany,
  ensureConversation,
  removeStoredFiles,
  storeFile,
  writeMessage,
  type StagedFile,
} from './commands';
export { messageContext, type MessageContext } from './message-context';
export { listConversations, listMessages } from './queries';
