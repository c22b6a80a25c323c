/** Reference logos in public/logos (own, neutral artwork of fictional companies). */
export const REFERENCE_LOGOS = [
  { file: 'alpenblick-bau.svg', name: 'Alpenblick Bau' },
  { file: 'donautal-logistik.svg', name: 'Donautal Logistik' },
  { file: 'tauern-technik.svg', name: 'Tauern Technik' },
  { file: 'wachauer-feinkost.svg', name: 'Wachauer Feinkost' },
  { file: 'salzach-energie.svg', name: 'Salzach Energie' },
  { file: 'ennstal-software.svg', name: 'Ennstal Software' },
  { file: 'pannonia-solar.svg', name: 'Pannonia Solar' },
  { file: 'muehlviertel-druck.svg', name: 'Mühlviertel Druck' },
  { file: 'traunsee-optik.svg', name: 'Traunsee Optik' },
  { file: 'schneeberg-pharma.svg', name: 'Schneeberg Pharma' },
  { file: 'kaerntner-holzbau.svg', name: 'Kärntner Holzbau' },
] as const;
