/** A company's own placement report (POST /api/placement-reports `data`) with its invoice address; `extra` overrides. */
export function companyReportData(advertisement: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    variant: 'company',
    advertisement,
    companyName: 'Firma',
    jobTitle: 'Koch',
    contactPerson: 'x',
    placementBonus: 12,
    actualSalary: 40_000,
    recruiter: 'Eigene Suche',
    recruiterMail: 'hr@firma.example.at',
    street: 'Hauptplatz',
    houseNr: '1',
    postalCode: '6370',
    city: 'Kitzbühel',
    uid: 'ATU12345678',
    ...extra,
  };
}
