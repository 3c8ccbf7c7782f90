// Closed value lists from the SAF-T (PT) 1.04_01 schema that the QR fields
// reuse (research pt-qr-spec §1.4). A value outside a list but with the right
// shape is only a warning: lists evolve (new ISO codes), a reader should not.

/** Union of the SAF-T document types of tables 4.1–4.4, including legacy ones. */
// prettier-ignore
export const AT_DOCUMENT_TYPES: ReadonlySet<string> = new Set([
  'FT', 'FS', 'FR', 'ND', 'NC', 'VD', 'TV', 'TD', 'AA', 'DA', 'RP', 'RE', 'CS', 'LD', 'RA',
  'GR', 'GT', 'GA', 'GC', 'GD', 'CM', 'CC', 'FC', 'FO', 'NE', 'OU', 'OR', 'PF', 'DC',
  'RC', 'RG',
]);

/** Union of InvoiceStatus, MovementStatus, WorkStatus and PaymentStatus. */
export const AT_DOCUMENT_STATUSES: ReadonlySet<string> = new Set(['N', 'S', 'A', 'R', 'F', 'T']);

/** SAF-T `Country` accepts this literal besides ISO codes (hence C's max length 12). */
export const UNKNOWN_COUNTRY = 'Desconhecido';

/** ISO 3166-1 alpha-2, as in the SAF-T country pattern (which adds XK, Kosovo). */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ ' +
    'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
    'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS ' +
    'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
    'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
    'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
    'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
    'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
    'VN VU WF WS YE YT ZA ZM ZW XK'
  ).split(' '),
);

/** SAF-T `TaxCountryRegion`: ISO codes plus the two autonomous regions. */
export const PORTUGUESE_AUTONOMOUS_REGIONS: ReadonlySet<string> = new Set(['PT-AC', 'PT-MA']);

/** I1:0 marks a document of SAF-T tables 4.2–4.4 that carries no VAT (spec §3 h). */
export const NO_VAT_REGION = '0';
