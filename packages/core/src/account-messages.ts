/** Account messages the spec does not word itself (server errors the web may show). */
export const ACCOUNT_MSG = {
  consultantOnlyPublic: 'Nur Personalberater können ein öffentliches Profil haben.',
  consultantOnlyProfile: 'Nur Personalberater können Leistungen und ein Profilbild angeben.',
  invalidProfileImage: 'Das Profilbild ist ungültig.',
  linkInvalid: 'Der Link ist ungültig oder abgelaufen.',
  consultantOnlyUpload: 'Nur Personalberater können ein Profilbild hochladen.',
} as const;
