import {
  CHAT_MESSAGE_MAX_LENGTH,
  MAX_FILTER_DISTRICTS,
  MAX_SAVED_SEARCHES,
  PLACEMENT_OBJECTION_NOTE_MAX,
  SAVED_SEARCH_NAME_MAX,
} from './constants';
import { formatNumber } from './format';

/** User-visible German texts from the spec (§5, §8) — one place, used by server and web. */
export const MSG = {
  privacyRequired: 'Bitte akzeptieren Sie die Datenschutzbestimmungen!',
  fillAllFields: 'Bitte füllen Sie alle Felder aus!',
  nameTooShort: 'Der Name muss mindestens 3 Zeichen lang sein!',
  passwordsDiffer: 'Die Passwörter stimmen nicht überein!',
  passwordTooShort: 'Das Passwort muss mindestens 6 Zeichen lang sein!',
  resetPasswordsDiffer: 'Passwörter stimmen nicht überein.',
  contactAllRequired: 'Alle Felder müssen ausgefüllt werden.',
  contactInvalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  contactSuccess: 'Vielen Dank für Ihre Nachricht. Wir werden uns so schnell wie möglich bei Ihnen melden.',
  loginFailed: 'Falsche Email oder falsches Passwort eingegeben.',
  loginUnconfirmed: 'Ihr Account ist noch nicht bestätigt. Bitte klicken Sie auf den Link in der Bestätigungsmail.',
  loginBlocked: 'Ihr Account wurde gesperrt. Bitte kontaktieren Sie uns.',
  forgotUnknownEmail: 'Ein Benutzer mit dieser Email-Adresse existiert nicht.',
  registrationFailed: 'Keine gültige Email oder Name/Email ist bereits vergeben.',
  accountActivated: 'Dein Account wurde erfolgreich aktiviert!',
  profileSaved: 'Änderungen erfolgreich angepasst!',
  profileSaveFailed: 'Änderungen wurden nicht übernommen werden. Versuche es später erneut.',
  passwordChangeFailed: 'Das Passwort stimmt nicht überein oder ist zu kurz (mindestens 6 Zeichen).',
  userGone: 'Benutzer existiert nicht mehr',
  advertisementGone: 'Inserat existiert nicht mehr',
  advertisementGoneChat: 'Dieses Inserat existiert nicht mehr',
  imageOnlyOne: 'Sie können nur ein Bild hochladen.',
  fileTooLarge: 'Dateigröße überschreitet das Limit von 5MB.',
  imageWrongType: 'Nur PNG und JPG Dateien sind erlaubt.',
  chatTooManyFiles: 'Sie können maximal 5 Dateien auf einmal hochladen.',
  chatWrongType: 'Nur PDF und Word Dokumente sind erlaubt.',
  noConversations: 'Aktuell noch keine Konversationen',
  rateLimited: 'Zu viele Anfragen. Bitte versuchen Sie es in Kürze erneut.',
  unauthorized: 'Bitte melden Sie sich an.',
  forbidden: 'Dafür fehlt Ihnen die Berechtigung.',
  notFound: 'Nicht gefunden.',
  badRequest: 'Ungültige Anfrage.',
  internal: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  /** The browser reached no server (offline, or the connection broke): nothing was saved. */
  offline: 'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  // HTTP-layer refusals before any route runs (Node's parser, Fastify's body parsing, the router)
  /** 413: the body is larger than the route accepts (a file over the limit has its own message). */
  requestTooLarge: 'Die Anfrage ist zu groß.',
  /** 415: a body in a format the route does not read. */
  unsupportedMediaType: 'Nicht unterstütztes Datenformat.',
  /** 414: the path is longer than the router takes. */
  urlTooLong: 'Die Adresse ist zu lang.',
  /** 431: the request's header fields are larger than the server reads. */
  headersTooLarge: 'Die Kopfzeilen der Anfrage sind zu groß. Bitte löschen Sie gegebenenfalls Cookies dieser Seite.',
  /** 408: the request did not arrive in time (slow or stalled connection). */
  requestTimeout: 'Die Anfrage hat zu lange gedauert. Bitte versuchen Sie es erneut.',
  /** The database (or another dependency) does not answer right now: HTTP 503. */
  serviceUnavailable: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in Kürze erneut.',
  /** The file store (disk or S3) does not answer or is full: HTTP 503; an upload saved nothing. */
  storageUnavailable: 'Die Dateiablage ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in Kürze erneut.',
  bonusOutOfRange: 'Bitte geben Sie eine Prämie zwischen 0 und 100 % an.',
  notFound404: "Uh oh! I think you're lost.",
  // accounts (web): texts the spec describes but does not word
  confirmationLinkInvalid: 'Der Bestätigungslink ist ungültig oder abgelaufen.',
  confirmationResent: 'Wir haben Ihnen die Bestätigungsmail erneut gesendet.',
  forgotPasswordSent: 'Wir haben Ihnen eine E-Mail gesendet. Bitte prüfen Sie auch Ihren Spam-Ordner.',
  resetPasswordSuccess: 'Ihr Passwort wurde erfolgreich geändert. Sie können sich jetzt einloggen.',
  registrationConfirmTitle: 'Account bestätigen',
  registrationConfirmText:
    'Wir haben Ihnen eine Bestätigungsmail gesendet. Bitte prüfen Sie auch Ihren Spam-Ordner. Sobald Sie auf den Link in der E-Mail geklickt haben, können Sie sich einloggen.',
  passwordChanged: 'Ihr Passwort wurde erfolgreich geändert.',
} as const;

/*
 * Feature texts that pages show outside their forms (the chat, the advertisement's profile, the
 * browser's filters). They live here, not beside their schemas: a module with a zod schema puts
 * zod on every page that imports anything from it, and the web's signed-in pages load no zod.
 */

export const CHAT_MSG = {
  messageTooLong: `Die Nachricht darf höchstens ${formatNumber(CHAT_MESSAGE_MAX_LENGTH)} Zeichen lang sein.`,
  messageEmpty: 'Bitte geben Sie eine Nachricht ein oder hängen Sie eine Datei an.',
  consultantOnly: 'Nur Personalberater können ein Unternehmen kontaktieren.',
  placeholder: 'Nachricht schreiben …',
  hintConsultant: "Starten Sie eine Konversation über ein Inserat mit 'Unternehmen kontaktieren'.",
  hintCompany: 'Personalberater kontaktieren Sie hier zu Ihren Inseraten.',
} as const;

export const PLACEMENT_OBJECTION_MSG = {
  noConversation:
    'Sie können eine Stellenbesetzung nur für Inserate melden, zu denen Sie mit dem Unternehmen im Gespräch sind.',
  noteRequired: 'Bitte begründen Sie Ihren Widerspruch.',
  noteTooLong: `Die Begründung darf höchstens ${formatNumber(PLACEMENT_OBJECTION_NOTE_MAX)} Zeichen lang sein.`,
  reportNotFound: 'Diese Meldung existiert nicht.',
  ownOnly: 'Nur das Unternehmen des Inserats kann dieser Meldung widersprechen.',
  consultantOnly: 'Widersprechen können Sie nur Meldungen eines Personalberaters.',
  alreadyObjected: 'Sie haben dieser Meldung bereits widersprochen.',
  notPending: 'Diese Meldung wird bereits bearbeitet; ein Widerspruch ist nicht mehr möglich.',
  objected: 'Ihr Widerspruch wurde gespeichert. Das Inserat ist wieder aktiv.',
  /** After objecting to a report that had left the advertisement active (the office reviews it first). */
  objectedStillActive:
    'Ihr Widerspruch wurde gespeichert. Das Inserat bleibt aktiv; unser Backoffice prüft die Meldung.',
  reportedNotice: 'Ein Personalberater hat eine Stellenbesetzung gemeldet; das Inserat wurde deaktiviert.',
  /** A report naming no introduction with an offer: the office reviews it before the advertisement goes offline. */
  reportedNoticeReview:
    'Ein Personalberater hat eine Stellenbesetzung gemeldet. Das Inserat bleibt aktiv, bis unser Backoffice die Meldung geprüft hat.',
  advertisementStaysActive: 'Das Inserat bleibt aktiv, bis unser Backoffice die Meldung geprüft hat.',
} as const;

/** The notification centre's texts (bell, one-click unsubscribe). */
export const NOTIFICATION_MSG = {
  unsubscribeInvalid: 'Dieser Abmeldelink ist ungültig.',
  unsubscribed: 'Sie erhalten zu diesem Thema keine E-Mails mehr. In der App werden Sie weiterhin benachrichtigt.',
  notificationNotFound: 'Diese Benachrichtigung existiert nicht.',
} as const;

export const ALERT_MSG = {
  invalidFilter:
    'Ungültiger Filter. Erlaubt sind Suchtext, Bezirke, Bundesländer, Mindestprämie in % oder € und Arbeitszeit.',
  invalidState: 'Unbekanntes Bundesland.',
  invalidMinBonus: 'Die Mindestprämie muss zwischen 0 und 100 % liegen.',
  invalidMinBonusEuros: 'Die Mindestprämie in € muss zwischen 0 und 10.000.000 € liegen.',
  invalidWorkingTime: 'Die Arbeitszeit muss „Vollzeit“ oder „Teilzeit“ sein.',
  tooManyDistricts: `Bitte wählen Sie höchstens ${MAX_FILTER_DISTRICTS} Bezirke.`,
  nameRequired: 'Bitte geben Sie der Suche einen Namen.',
  nameTooLong: `Der Name darf höchstens ${SAVED_SEARCH_NAME_MAX} Zeichen lang sein.`,
  frequencyInvalid: 'Bitte wählen Sie „sofort“ oder „täglich“.',
  tooMany: `Sie können höchstens ${MAX_SAVED_SEARCHES} Suchaufträge speichern. Bitte löschen Sie zuerst einen.`,
  searchNotFound: 'Dieser Suchauftrag existiert nicht.',
  euroFilterHint:
    'Der €-Filter berücksichtigt nur Inserate, deren Gehaltsangabe sich als Jahresbruttogehalt lesen lässt; die Prämie wird vom unteren Ende berechnet.',
  watchOnlyPublished: 'Nur aktive Inserate können gemerkt werden.',
} as const;
