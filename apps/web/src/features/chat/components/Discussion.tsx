import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MSG,
  counterpartName,
  MEMBER_PERMISSION_MSG,
  memberMay,
  MSG,
  type ChatConversation,
  type ChatMessage,
} from '@pb/core';
import { useSession } from '../../../lib/session';
import { percentNumber, salaryText } from '../../../lib/jobFormat';
import { useServerEvent } from '../../../lib/socket';
import { useRequiredProfileFields } from '../../../components/introductions/api';
import { useMessages, useSendMessage } from '../api/messages';
import { PaperclipIcon } from './icons';
import { MessageItem } from './MessageItem';
import styles from '../chat.module.css';

// The dialogs' code (and the checks and texts they bring along) loads when one is first opened.
const UploadModal = lazy(() => import('./UploadModal').then((m) => ({ default: m.UploadModal })));
const IntroduceModal = lazy(() =>
  import('../../../components/introductions/IntroduceModal').then((m) => ({ default: m.IntroduceModal })),
);

/** Header of the open conversation: the advertisement's key facts (spec §2). */
function DiscussionHeader({ conversation }: { conversation: ChatConversation }) {
  const ad = conversation.advertisement;
  const session = useSession();
  const [introducing, setIntroducing] = useState(false);
  // The chat's summary of the advertisement lacks the profile fields its company requires (issue 35).
  const requiredFields = useRequiredProfileFields(introducing && ad ? ad.id : null);
  const organisation = counterpartName(conversation) ?? MSG.userGone;
  // The other side's assignee, when it is a person of a team (not the organisation of one).
  const assignee = conversation.counterpart?.username;
  const who = assignee && assignee !== organisation ? `${organisation} · ${assignee}` : organisation;
  const mayIntroduce = conversation.side === 'agency' && memberMay(session?.organisation, 'introductions.write');
  if (!ad) {
    return (
      <header className="border-bottom px-3 py-2" data-testid="chat-header">
        <div className="small text-secondary">{who}</div>
        <p className="mb-0 fw-semibold text-danger">{MSG.advertisementGoneChat}</p>
      </header>
    );
  }
  const place = [ad.location.postcode, ad.location.city].filter(Boolean).join(' ') || ad.location.street;
  return (
    <header className="border-bottom px-3 py-2" data-testid="chat-header">
      <div className="small text-secondary">{who}</div>
      <h2 className="h6 mb-1">{ad.jobTitle}</h2>
      <div className="d-flex flex-wrap align-items-center gap-3 small">
        <span className="badge text-bg-warning">{percentNumber(ad.placementBonus)}% Prämie</span>
        {place ? <span>{place}</span> : null}
        {ad.salary ? <span>Bruttojahresgehalt: {salaryText(ad.salary)}</span> : null}
        <span className="ms-auto d-flex gap-3">
          {mayIntroduce && (
            <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => setIntroducing(true)}>
              Kandidat vorstellen
            </Button>
          )}
          <Link to={`/advertisements/view?id=${ad.id}`}>Inserat anzeigen</Link>
        </span>
      </div>
      {introducing && !requiredFields.isPending && (
        <Suspense fallback={null}>
          <IntroduceModal
            target={{
              advertisementId: ad.id,
              jobTitle: ad.jobTitle,
              companyName: counterpartName(conversation),
              // Unknown (the advertisement could not be read): the server names what its company requires.
              requiredProfileFields: requiredFields.data ?? [],
            }}
            onClose={() => setIntroducing(false)}
          />
        </Suspense>
      )}
    </header>
  );
}

interface Props {
  conversation: ChatConversation;
  userId: number;
}

/** Right pane: header, messages (older ones load when scrolling up) and the input. */
export function Discussion({ conversation, userId }: Props) {
  const chatId = conversation.id;
  const session = useSession();
  // Buchhaltung reads along; members whose role writes answer (the server decides either way).
  const mayWrite = conversation.side !== null && memberMay(session?.organisation, 'conversations.write');
  const messages = useMessages(chatId);
  const send = useSendMessage(chatId);
  const [text, setText] = useState('');
  const [uploadOpen, setUploadOpen] = useState(false);
  // Mounted from the first opening on, so closing it keeps its fade-out.
  const [uploadRequested, setUploadRequested] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);
  const scrolledFor = useRef<number | null>(null);

  const items = useMemo(() => {
    const byId = new Map<number, ChatMessage>();
    for (const page of messages.data?.pages ?? []) for (const m of page.data) byId.set(m.messageId, m);
    return [...byId.values()].sort((a, b) => a.messageId - b.messageId);
  }, [messages.data]);
  const firstId = items[0]?.messageId;
  const lastId = items.at(-1)?.messageId;

  // Spec §9: scroll to the bottom deferred with a zero-delay timer.
  const scrollToBottom = useCallback(() => {
    setTimeout(() => {
      const el = scroller.current;
      if (el) el.scrollTop = el.scrollHeight;
    }, 0);
  }, []);

  // On open: to the bottom once the first page is there.
  useEffect(() => {
    if (messages.isSuccess && scrolledFor.current !== chatId) {
      scrolledFor.current = chatId;
      scrollToBottom();
    }
  }, [chatId, messages.isSuccess, scrollToBottom]);

  // A new message at the end: follow it when the reader is near the bottom.
  useEffect(() => {
    const el = scroller.current;
    if (!el || lastId === undefined) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 200) scrollToBottom();
  }, [lastId, scrollToBottom]);

  // Older page prepended: keep the reader's place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    }
  }, [firstId]);

  useServerEvent(
    'chat:message',
    useCallback(
      (message: ChatMessage) => {
        if (message.chatId === chatId && message.userId === userId) scrollToBottom();
      },
      [chatId, userId, scrollToBottom],
    ),
  );

  const onScroll = () => {
    const el = scroller.current;
    if (!el || el.scrollTop > 80 || !messages.hasNextPage || messages.isFetchingNextPage) return;
    heightBeforeOlder.current = el.scrollHeight;
    void messages.fetchNextPage();
  };

  const submitText = () => {
    const message = text.trim();
    if (!message || send.isPending) return;
    // The text leaves the box at once and shows as 'wird gesendet' below the messages (offline:
    // queued until the connection is back); a refused or failed send puts it back into the box.
    setText('');
    send.mutate(
      { message },
      {
        onSuccess: () => scrollToBottom(),
        // Nothing typed meanwhile is lost either: the failed message goes back in front of it.
        onError: () => setText((current) => (current.trim() === '' ? message : `${message}\n${current}`)),
      },
    );
  };

  return (
    <div className={`${styles.discussion} d-flex flex-column h-100`}>
      <DiscussionHeader conversation={conversation} />
      <div
        ref={scroller}
        className={`${styles.messages} flex-grow-1 overflow-auto px-3 py-3`}
        onScroll={onScroll}
        data-testid="chat-messages"
      >
        {messages.isFetchingNextPage ? (
          <div className="text-center small text-secondary mb-2">
            <Spinner size="sm" className="me-1" aria-hidden="true" /> Ältere Nachrichten werden geladen …
          </div>
        ) : null}
        {messages.isPending ? (
          <div className="text-center py-4">
            <Spinner aria-label="Nachrichten werden geladen" />
          </div>
        ) : messages.isError ? (
          <Alert variant="danger">{messages.error.message}</Alert>
        ) : (
          <ul className="list-unstyled mb-0" aria-label="Nachrichten" aria-live="polite">
            {items.map((m) => (
              <MessageItem key={m.messageId} message={m} own={m.userId === userId} />
            ))}
          </ul>
        )}
        {send.isPending && send.variables && !send.variables.files ? (
          <div className={`${styles.own} d-flex justify-content-end mt-2`} data-testid="chat-pending-message">
            <div className={`${styles.bubble} opacity-75`}>
              <p className={`${styles.text} mb-1`}>{send.variables.message}</p>
              <p className="small mb-0 text-body-secondary" role="status">
                {send.isPaused
                  ? 'Keine Verbindung – wird gesendet, sobald die Verbindung wieder besteht.'
                  : 'Wird gesendet …'}
              </p>
            </div>
          </div>
        ) : null}
      </div>
      {!mayWrite ? (
        <p className={`${styles.input} border-top p-2 mb-0 small text-body-secondary`} data-testid="chat-read-only">
          {MEMBER_PERMISSION_MSG['conversations.write']}
        </p>
      ) : null}
      <Form
        className={`${styles.input} border-top p-2 ${mayWrite ? 'd-flex' : 'd-none'} gap-2 align-items-end`}
        onSubmit={(event) => {
          event.preventDefault();
          submitText();
        }}
      >
        <Button
          variant="outline-secondary"
          // While a message waits (offline) a reset would hide it but still send it later.
          disabled={send.isPending}
          onClick={() => {
            send.reset();
            setUploadRequested(true);
            setUploadOpen(true);
          }}
          aria-label="Datei anhängen"
          title="Datei anhängen"
        >
          <PaperclipIcon />
        </Button>
        <Form.Control
          as="textarea"
          rows={1}
          value={text}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder={CHAT_MSG.placeholder}
          aria-label="Nachricht"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submitText();
            }
          }}
        />
        <Button type="submit" disabled={text.trim() === '' || send.isPending}>
          Senden
        </Button>
      </Form>
      {send.isError && !uploadOpen ? (
        <Alert variant="danger" className="m-2 py-2 small" role="alert">
          Nicht gesendet: {send.error.message}
        </Alert>
      ) : null}
      {uploadRequested ? (
        <Suspense fallback={null}>
          <UploadModal
            show={uploadOpen}
            sending={send.isPending}
            error={uploadOpen && send.isError ? send.error.message : null}
            onClose={() => setUploadOpen(false)}
            onSend={(files, message) =>
              send.mutate(
                { message: message.trim(), files },
                {
                  onSuccess: () => {
                    setUploadOpen(false);
                    scrollToBottom();
                  },
                },
              )
            }
          />
        </Suspense>
      ) : null}
    </div>
  );
}
