import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { CHAT_VIEWPORT_OFFSET_PX } from '@pb/core';
import { useSession } from '../../lib/session';
import { useConversation, useConversations } from './api/conversations';
import { useMarkRead } from './api/markRead';
import { ConversationList } from './components/ConversationList';
import { Discussion } from './components/Discussion';
import styles from './chat.module.css';

/**
 * /advertisements/chat (spec §2 Chat): conversations on the left, the discussion
 * on the right; on sm/xs one pane at a time with a 'Chats' back bar.
 * `?conversation=<id>` opens a conversation.
 */
export function Component() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('conversation'));
  const selectedId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const conversations = useConversations();
  // '?advertisement=<id>' (the company's numbers per advertisement): only that advertisement's conversations.
  const rawAdvertisement = Number(params.get('advertisement'));
  const advertisementId = Number.isInteger(rawAdvertisement) && rawAdvertisement > 0 ? rawAdvertisement : null;
  const all = conversations.data?.data ?? [];
  const list = advertisementId === null ? all : all.filter((c) => c.advertisementId === advertisementId);
  // A deactivated advertisement is not summarised in its conversations: then its number names it.
  const advertisementTitle =
    list[0]?.advertisement?.jobTitle ??
    (list.length > 0 ? `Inserat Nr. ${advertisementId} (nicht mehr aktiv)` : `Inserat Nr. ${advertisementId}`);
  const fromList = list.find((c) => c.id === selectedId);
  // A conversation not (yet) in the loaded list, e.g. right after it was started.
  const single = useConversation(selectedId, conversations.isSuccess && !fromList);
  const selected = fromList ?? single.data ?? null;

  // Spec §4: opening a conversation clears the reader's own unread flag.
  const markRead = useMarkRead();
  const { mutate: clearUnread } = markRead;
  useEffect(() => {
    if (selected?.unread) clearUnread(selected.id);
  }, [selected?.id, selected?.unread, clearUnread]);

  const kept: Record<string, string> = advertisementId === null ? {} : { advertisement: String(advertisementId) };
  const open = (id: number) => setParams({ ...kept, conversation: String(id) });
  const back = () => setParams(kept);

  return (
    <div
      className="container-fluid px-0"
      data-testid="chat"
      style={{ height: `calc(100vh - ${CHAT_VIEWPORT_OFFSET_PX}px - var(--pb-banner-height, 0px))` }}
    >
      <h1 className="visually-hidden">Chat</h1>
      <div className="row g-0 h-100">
        <aside
          className={`col-md-4 col-lg-3 border-end h-100 overflow-auto ${selectedId ? 'd-none d-md-block' : ''}`}
          aria-label="Chats"
        >
          {conversations.isLoading ? (
            <div className="text-center py-4">
              <Spinner aria-label="Konversationen werden geladen" />
            </div>
          ) : conversations.isError ? (
            <Alert variant="danger" className="m-3">
              {conversations.error.message}
            </Alert>
          ) : (
            <>
              {advertisementId !== null && (
                <p className="small border-bottom px-3 py-2 mb-0" data-testid="chat-advertisement-filter">
                  Nur zu „{advertisementTitle}“ ·{' '}
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 align-baseline"
                    onClick={() => setParams({})}
                  >
                    Alle anzeigen
                  </button>
                </p>
              )}
              <ConversationList
                conversations={list}
                selectedId={selectedId}
                role={session?.role ?? null}
                onSelect={open}
              />
            </>
          )}
        </aside>
        <section
          className={`col-md-8 col-lg-9 h-100 flex-column ${selectedId ? 'd-flex' : 'd-none d-md-flex'}`}
          aria-label="Unterhaltung"
        >
          <button type="button" className={`${styles.backBar} d-md-none`} onClick={back}>
            <span aria-hidden="true">‹</span> Chats
          </button>
          {selected && session ? (
            <Discussion key={selected.id} conversation={selected} userId={session.userId} />
          ) : selectedId && single.isError ? (
            <Alert variant="warning" className="m-3">
              {single.error.message}
            </Alert>
          ) : selectedId && (single.isLoading || conversations.isLoading) ? (
            <div className="text-center py-4">
              <Spinner aria-label="Wird geladen" />
            </div>
          ) : (
            <div className="d-flex h-100 align-items-center justify-content-center text-secondary p-4">
              Wählen Sie links eine Konversation aus.
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
